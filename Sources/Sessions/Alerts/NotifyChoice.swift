import Render

/// Which hosts' alerts become desktop notifications, and whether the local terminal shows them
/// (ADR 0029). By default a host that runs herdr notifies (its "agent done / needs input"
/// alerts are what the person waits for); `--notify on` makes every host notify, also for a
/// hidden host's bell, and `--notify off` silences them all.
public struct NotifyChoice: Equatable, Sendable {
    /// `--notify on|off`; nil: the default.
    public var forced: Bool?
    /// The hosts (by index) that run herdr, known once the run's targets are (`resolved`).
    private var herdrHosts: Set<Int> = []
    /// How the local terminal takes a notification; `.bell` has no desktop notification, so
    /// the text goes to the status line.
    public private(set) var style = ConsoleAlert.NotificationStyle.bell

    public init(forced: Bool? = nil) {
        self.forced = forced
    }

    /// This choice for `targets`, on the terminal Drover's `environment` names.
    func resolved(for targets: [AttachTarget], environment: [String: String]) -> NotifyChoice {
        var choice = self
        choice.herdrHosts = Set(targets.indices.filter { targets[$0].runsHerdr })
        choice.style = .detect(environment: environment)
        return choice
    }

    /// Host `index`, opened during the run, notifies by the same rule.
    mutating func add(_ index: Int, runsHerdr: Bool) {
        if runsHerdr { herdrHosts.insert(index) }
    }

    /// Whether host `index`'s notifications reach the person.
    func notifies(_ index: Int) -> Bool { forced ?? herdrHosts.contains(index) }

    /// Whether a hidden host's bell becomes a desktop notification too (only when asked).
    var notifiesBells: Bool { forced == true }
}
