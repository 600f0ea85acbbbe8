import Console
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC
import Hosts
import Loop
import SSH
import VT

/// What a paste job's worker thread found, posted to the loop.
struct PasteGathered: Sendable {
    let id: Int
    let outcome: GatheredImages
}

/// Pictures pasted into a remote program (ADR 0016): a bracketed paste made only of local
/// picture files' paths, or `ctrl+] v` for the clipboard's picture, is uploaded to the host
/// (`LinkDriver+Upload.swift`) and the remote paths are pasted instead, quoted for the host's
/// shell. Files are read on a worker thread; keys typed meanwhile wait behind the paste (in the
/// host's outbox), the host's answers to its screen do not.
extension AttachRun {
    /// Reading a file or the clipboard tool that takes longer than this is given up on.
    static let gatherTimeout = Duration.seconds(15)

    func pasteImagesEnabled(for driver: LinkDriver) -> Bool {
        signalOptions.pasteImages ?? driver.target.host?.pasteImages ?? true
    }

    /// From the input router: true when `text` is a paste of paths that is now being looked at.
    func interceptPaste(_ text: String) -> Bool {
        guard paste.job == nil, front.connection != nil,
              pasteImagesEnabled(for: front),
              let paths = PastePaths.parse(text, home: environment["HOME"]) else { return false }
        startPasteJob(original: text) { LocalImages.gather(paths: paths) }
        return true
    }

    /// `ctrl+] v`: the clipboard's picture; while a paste is being prepared, cancels it.
    func pasteClipboardImage() {
        let name = front.name
        if let job = paste.job { return cancelPaste(job, PrefixKeyHandler.keys(for: .pasteImage)) }
        guard pasteImagesEnabled(for: front) else {
            let registered = front.target.isRegistered ? front.target.host : nil
            let edit = registered.map { "'drover hosts edit \($0.name) --paste-images on'" }
                ?? "'drover attach \(front.target.attachArguments) --paste-images on'"
            return showBanner("pasting pictures is off for \(name); turn it on with \(edit)")
        }
        guard front.connection != nil else { return showBanner("\(name) is not connected; press \(PrefixKeyHandler.keys(for: .pasteImage)) once it is") }
        let environment = environment
        startPasteJob(original: nil) { ClipboardImage.gather(environment: environment) }
    }

    private func startPasteJob(original: String?, gather: @escaping @Sendable () -> GatheredImages) {
        guard let job = paste.begin(for: front, original: original) else { return }
        job.driver.holdForPaste()
        paste.setDeadline(for: job, after: Self.gatherTimeout) { [unowned self] in
            finishPaste(job, text: job.original, note: "reading the picture took over 15 s; "
                + (job.original == nil ? "nothing was pasted, try again" : "pasted as typed"))
        }
        let results = pasteResults
        let id = job.id
        do {
            try WorkerThread.start { _ = results.post(PasteGathered(id: id, outcome: gather())) }
        } catch {
            _ = results.post(PasteGathered(id: id, outcome: .failed("the clipboard was not read: \(error)")))
        }
    }

    func receive(_ gathered: PasteGathered) {
        guard let job = paste.current(id: gathered.id) else { return }
        switch gathered.outcome {
        case .notImages:
            finishPaste(job, text: job.original)
        case .failed(let message):
            finishPaste(job, text: job.original, note: message)
        case .images(let images):
            let files = images.map { SFTPUpload.File(digestHex: $0.digestHex, ext: $0.kind.fileExtension, bytes: $0.bytes) }
            paste.uploadStarted(at: .now)
            let started = job.driver.startUpload(files, progress: { [unowned self] sent, total in
                showProgress(job, sent: sent, total: total)
            }, done: { [unowned self] result in uploaded(result, job) })
            if started { watchIdle(job) } else {
                finishPaste(job, text: nil, note: "\(job.driver.name) is not connected; nothing was uploaded or pasted")
            }
        }
    }

    /// Uploads over 1 MiB show how far they got; every step counts as progress for the idle watch.
    private func showProgress(_ job: PasteJob, sent: Int, total: Int) {
        guard let percent = paste.progressed(job, sent: sent, total: total, at: .now) else { return }
        let megabytes = formatted("%.1f", Double(total) / 1_048_576)
        showBanner("uploading to \(job.driver.name): \(percent)% of \(megabytes) MiB (Esc cancels)")
    }

    /// An upload that stops moving for `UploadIdleWatch.limit` is stopped.
    private func watchIdle(_ job: PasteJob) {
        paste.watchIdle(job) { [unowned self] in
            stopUpload(job, note: "upload to \(job.driver.name) made no progress for "
                + "\(UploadIdleWatch.limit.spoken) and was cancelled; nothing was pasted")
        }
    }

    /// The person cancels `job` (with `how`); the keys held behind it go on to its host.
    func cancelPaste(_ job: PasteJob, _ how: String) {
        guard paste.isUploading else {
            return finishPaste(job, text: nil, note: "paste cancelled (\(how)); nothing was pasted")
        }
        stopUpload(job, note: "upload to \(job.driver.name) cancelled (\(how)); nothing was pasted")
    }

    /// Stops a running upload by dropping its link (`LinkDriver.stopUpload`), which reports
    /// it as dropped (`uploaded`, shown as `note`), and connects again at once.
    private func stopUpload(_ job: PasteJob, note: String) {
        let stopNote = note + "; reconnecting to \(job.driver.name)"
        paste.stopping(job, note: stopNote)
        job.driver.stopUpload(note)
        if paste.isCurrent(job) { finishPaste(job, text: nil, note: stopNote) }
        retryNow(job.driver)
    }

    private func uploaded(_ result: Result<[String], UploadFailure>, _ job: PasteJob) {
        guard paste.isCurrent(job) else { return }
        let name = job.driver.name
        switch result {
        case .success(let paths):
            let platform = job.driver.target.host?.platform ?? .unix
            finishPaste(job, text: PasteQuoting.quote(paths, for: platform),
                        note: "pasted \(paths.count == 1 ? "a picture" : "\(paths.count) pictures") uploaded to ~/\(SFTPUpload.directory) on \(name)")
        case .failure(.linkDropped) where paste.stopNote != nil:
            finishPaste(job, text: nil, note: paste.stopNote)
        case .failure(.linkDropped(let reason)):
            finishPaste(job, text: nil, note: "upload cancelled: \(reason); nothing was pasted. Paste again once \(name) is back")
        case .failure(.refused(let reason)):
            // The host cannot take the picture (no SFTP, no room): what was pasted goes through
            // as typed, so a dropped file's path is never lost; the reason says why.
            let what = job.original == nil ? "nothing pasted" : "the picture was not uploaded and the paste went through as typed"
            finishPaste(job, text: job.original, note: "\(name): \(what); its sshd needs SFTP ('Subsystem sftp') "
                + "and room in ~/\(SFTPUpload.directory) (\(reason))")
        }
    }

    /// Ends the job: `text` goes to its host as a paste, then the keys held behind it.
    private func finishPaste(_ job: PasteJob, text: String?, note: String? = nil) {
        paste.end(job)
        let driver = job.driver
        let droppedHeld = driver.endPaste(text)
        let dropped = droppedHeld > 0 ? " (\(droppedHeld) bytes typed meanwhile were dropped)" : ""
        if let note { showBanner(note + dropped) } else if !dropped.isEmpty { showBanner("typed keys" + dropped) }
        // Kept for a host that is away: the one in front tries now, as a typed key makes it.
        if driver === front, driver.stream.hasKeptKeys { retryNow(driver) }
    }
}
