import Console
import Hosts
import TextSafety

/// Hosts at run time (issue 27): `ctrl+] o` opens another host into the running attach, a
/// failed, ended or closed host picked in the `ctrl+] h` list is tried again, and `ctrl+] X`
/// closes the host in front after a question. Indices never move: a closed host keeps its
/// place in every part of the run (`HostRing`), listed as closed, and comes back when picked.
extension AttachRun {
    /// Asks for a host to open (a registry name, an ssh_config Host or `user@host[:port]`).
    func askForHost() {
        guard hostFactory.resolve != nil else {
            return showBanner("This Drover cannot open more hosts; detach and run 'drover attach' with every host.")
        }
        let link = front
        ask(HostFactory.openPrompt, for: link, generation: link.lifecycle.generation) { [unowned self] typed in
            guard outcome == nil else { return }
            let text = typed?.trimmingSpaces() ?? ""
            if !text.isEmpty { open(text) }
            statusChanged()
        }
    }

    /// Resolves `text` and opens it; a host already in this run comes forward instead (tried
    /// again if it was done). What cannot be resolved is said in the status line.
    func open(_ text: String) {
        guard let hostLookup else { return }
        showBanner("Looking up \(SafeText.escaped(text))…")
        hostLookup.lookUp(text) { [weak self] result in
            switch result {
            case .success(let target): self?.offerSessions(target)
            case .failure(let why): self?.showBanner(why.description)
            }
        }
    }

    /// For a new host that runs herdr's own attach command: asks herdr there for its sessions
    /// (off the loop) and lets the person pick one or name a new one, then opens it. Any other
    /// target opens as it is (a host already in the run comes forward).
    private func offerSessions(_ target: AttachTarget) {
        guard let hostLookup, hostLookup.listsSessions, target.host?.command == nil, target.sessionOverride == nil,
              !drivers.contains(where: { $0.name == target.displayName }) else { return open(target) }
        showBanner("Asking \(target.displayName)'s herdr for its sessions…")
        hostLookup.listSessions(of: target) { [weak self] listed in
            guard let self, outcome == nil else { return }
            askSession(HerdrSessionQuestion(host: target.displayName, listed: listed), of: target, hint: nil)
        }
    }

    /// Asks `question` until an answer chooses, then opens that session of `target`.
    private func askSession(_ question: HerdrSessionQuestion, of target: AttachTarget, hint: String?) {
        let link = front
        ask(question.prompt(hint: hint), for: link, generation: link.lifecycle.generation) { [unowned self] typed in
            guard outcome == nil, let typed else { return statusChanged() }
            switch question.choice(for: typed) {
            case .again(let hint):
                return askSession(question, of: target, hint: hint)
            case .named(let session):
                do { open(try target.attaching(session: session).announcing(AnnouncedTerminal(localEnvironment: environment))) } catch {
                    showBanner("\(error)")
                }
            case .defaultSession:
                open(target)
            }
            statusChanged()
        }
    }

    /// Opens `target`, which `ctrl+] o` named and the lookup resolved.
    private func open(_ target: AttachTarget) {
        if let known = drivers.firstIndex(where: { $0.name == target.displayName }) {
            return reopen(known)
        }
        let index = drivers.count
        let size = (columns: frontView.terminal.columns, rows: frontView.terminal.rows)
        let driver: LinkDriver
        do { driver = try hostFactory.driver(index: index, target: target, inFront: false, size: size, loop: loop) } catch {
            return showBanner("Cannot open \(target.displayName): \(error)")
        }
        drivers.append(driver)
        _ = ring.add(target.displayName)
        alertCentre.add(AlertCentre.Host(name: target.displayName,
                                         clipboard: signalOptions.clipboard ?? target.host?.clipboard ?? .write),
                        runsHerdr: target.runsHerdr)
        snapshots.add(driver.terminal)
        frontView.localAppearance.apply(to: driver.terminal)
        driver.delegate = self
        wirePredictor(driver)
        if let change = ring.select(index) { bringForward(change) }
        connect(driver)
    }

    /// Brings host `index` forward and, if it was done (failed, ended or closed), connects it again.
    func reopen(_ index: Int) {
        let driver = drivers[index]
        if let change = ring.select(index) { bringForward(change) }
        guard driver.outcome != nil else { return }
        driver.reopen()
        connect(driver)
        statusChanged()
    }

    /// Asks before closing the host in front; `y` or `yes` closes it.
    func askToCloseFront() {
        let link = front
        let keeps = link.target.runsHerdr && everAttached.contains(link.index)
        ask(HostFactory.closePrompt(link.name, keepsSession: keeps), for: link, generation: link.lifecycle.generation) { [unowned self] typed in
            let answer = typed?.trimmingSpaces().lowercased()
            guard outcome == nil, answer == "y" || answer == "yes", link === front else { return statusChanged() }
            closeFront()
        }
    }

    /// Closes the host in front: its link goes down (its session keeps running on the host) and
    /// the next open host comes forward; the only open host closed is a detach.
    func closeFront() {
        let link = front
        guard let change = ring.closeFront() else { return finish(0, detachMessage) }
        bringForward(change)
        link.cancelReconnect()
        link.dropConnection()
        let keeps = link.target.runsHerdr && everAttached.contains(link.index) ? "; its herdr session keeps running there" : ""
        hostDone(link, .init(exitCode: 0, message: "Closed \(link.name)\(keeps)."))
    }
}
