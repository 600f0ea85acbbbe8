import Console
import Foundation
import Hosts
import Loop
import SSH
import VT

/// One paste that may become an upload: the host it is for and the paste as typed (nil for
/// `ctrl+] v`). Keys typed for that host meanwhile wait in its outbox behind the paste.
final class PasteJob {
    let id: Int
    let driver: LinkDriver
    let original: String?
    var lastPercent = -1
    let timeout: LoopTimer
    /// Set once the upload runs: when it last moved (`UploadIdleWatch`).
    var idle: UploadIdleWatch?
    /// Why the person or the idle watch stopped it, shown instead of "the link dropped".
    var stopNote: String?

    init(id: Int, driver: LinkDriver, original: String?, loop: EventLoop) {
        self.id = id
        timeout = LoopTimer(on: loop)
        self.driver = driver
        self.original = original
    }
}

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
        guard pasteJob == nil, front.connection != nil,
              pasteImagesEnabled(for: front),
              let paths = PastePaths.parse(text, home: environment["HOME"]) else { return false }
        startPasteJob(original: text) { LocalImages.gather(paths: paths) }
        return true
    }

    /// `ctrl+] v`: the clipboard's picture; while a paste is being prepared, cancels it.
    func pasteClipboardImage() {
        let name = front.name
        if let job = pasteJob { return cancelPaste(job, PrefixKeyHandler.keys(for: .pasteImage)) }
        guard pasteImagesEnabled(for: front) else {
            let edit = front.target.host.map { "'drover hosts edit \($0.name) --paste-images on'" }
                ?? "'drover attach … --paste-images on'"
            return showBanner("pasting pictures is off for \(name); turn it on with \(edit)")
        }
        guard front.connection != nil else { return showBanner("\(name) is not connected; press \(PrefixKeyHandler.keys(for: .pasteImage)) once it is") }
        let environment = environment
        startPasteJob(original: nil) { ClipboardImage.gather(environment: environment) }
    }

    private func startPasteJob(original: String?, gather: @escaping @Sendable () -> GatheredImages) {
        pasteJobCounter += 1
        let job = PasteJob(id: pasteJobCounter, driver: front, original: original, loop: loop)
        pasteJob = job
        job.driver.holdForPaste()
        job.timeout.schedule(after: Self.gatherTimeout) { [unowned self] in
            guard pasteJob === job else { return }
            finishPaste(job, text: job.original, note: "reading the picture took over 15 s; "
                + (job.original == nil ? "nothing was pasted, try again" : "pasted as typed"))
        }
        let results = pasteResults
        let id = job.id
        Thread.detachNewThread { _ = results.post(PasteGathered(id: id, outcome: gather())) }
    }

    func receive(_ gathered: PasteGathered) {
        guard let job = pasteJob, job.id == gathered.id else { return }
        job.timeout.cancel()
        switch gathered.outcome {
        case .notImages:
            finishPaste(job, text: job.original)
        case .failed(let message):
            finishPaste(job, text: job.original, note: message)
        case .images(let images):
            let files = images.map { SFTPUpload.File(digestHex: $0.digestHex, ext: $0.kind.fileExtension, bytes: $0.bytes) }
            job.idle = UploadIdleWatch(start: .now)
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
        guard pasteJob === job else { return }
        job.idle?.progressed(sent: sent, at: .now)
        guard total > 1024 * 1024 else { return }
        let percent = sent * 100 / total
        guard percent != job.lastPercent else { return }
        job.lastPercent = percent
        let megabytes = String(format: "%.1f", Double(total) / 1_048_576)
        showBanner("uploading to \(job.driver.name): \(percent)% of \(megabytes) MiB (Esc cancels)")
    }

    /// Checks at the idle deadline whether the upload moved since; if not, stops it.
    private func watchIdle(_ job: PasteJob) {
        guard let deadline = job.idle?.deadline else { return }
        job.timeout.schedule(at: deadline) { [unowned self] in
            guard pasteJob === job, let idle = job.idle else { return }
            if idle.isIdle(at: .now) {
                stopUpload(job, note: "upload to \(job.driver.name) made no progress for "
                    + "\(UploadIdleWatch.limit.spoken) and was cancelled; nothing was pasted")
            } else {
                watchIdle(job)
            }
        }
    }

    /// The person cancels `job` (with `how`); the keys held behind it go on to its host.
    func cancelPaste(_ job: PasteJob, _ how: String) {
        guard job.idle != nil else {
            return finishPaste(job, text: nil, note: "paste cancelled (\(how)); nothing was pasted")
        }
        stopUpload(job, note: "upload to \(job.driver.name) cancelled (\(how)); nothing was pasted")
    }

    /// Stops a running upload by dropping its link (`LinkDriver.stopUpload`), which reports
    /// it as dropped (`uploaded`, shown as `note`), and connects again at once.
    private func stopUpload(_ job: PasteJob, note: String) {
        job.stopNote = note + "; reconnecting to \(job.driver.name)"
        job.driver.stopUpload(note)
        if pasteJob === job { finishPaste(job, text: nil, note: job.stopNote) }
        retryNow(job.driver)
    }

    private func uploaded(_ result: Result<[String], UploadFailure>, _ job: PasteJob) {
        guard pasteJob === job else { return }
        let name = job.driver.name
        switch result {
        case .success(let paths):
            let platform = job.driver.target.host?.platform ?? .unix
            finishPaste(job, text: PasteQuoting.quote(paths, for: platform),
                        note: "pasted \(paths.count == 1 ? "a picture" : "\(paths.count) pictures") uploaded to ~/\(SFTPUpload.directory) on \(name)")
        case .failure(.linkDropped) where job.stopNote != nil:
            finishPaste(job, text: nil, note: job.stopNote)
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
        pasteJob = nil
        job.timeout.cancel()
        let driver = job.driver
        let droppedHeld = driver.endPaste(text)
        let dropped = droppedHeld > 0 ? " (\(droppedHeld) bytes typed meanwhile were dropped)" : ""
        if let note { showBanner(note + dropped) } else if !dropped.isEmpty { showBanner("typed keys" + dropped) }
        // Kept for a host that is away: the one in front tries now, as a typed key makes it.
        if driver === front, driver.stream.hasKeptKeys { retryNow(driver) }
    }
}
