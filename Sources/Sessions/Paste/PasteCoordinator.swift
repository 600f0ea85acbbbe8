import Loop

/// One paste that may become an upload: the host it is for and the paste as typed (nil for
/// `ctrl+] v`). A value: what changes while it runs is its `PasteCoordinator`'s.
struct PasteJob {
    let id: Int
    let driver: LinkDriver
    let original: String?
}

/// The one paste of a run being turned into an upload, and what is known of it while it runs:
/// its deadline, the upload's idle watch, the last percentage shown and why the person or the
/// idle watch stopped it. One at a time: a worker's result, a progress report or a deadline of
/// a job that is no longer current is ignored, so a late report cannot touch the next paste.
final class PasteCoordinator {
    private var current: PasteJob?
    private var started = 0
    private var lastPercent = -1
    private var idle: UploadIdleWatch?
    private var note: String?
    /// Reading the picture took too long, or the upload stopped moving.
    private let deadline: LoopTimer

    init(loop: EventLoop) {
        deadline = LoopTimer(on: loop)
    }

    /// The paste running now, if any.
    var job: PasteJob? { current }

    /// Starts a paste for `driver` unless one runs (nil then).
    func begin(for driver: LinkDriver, original: String?) -> PasteJob? {
        guard current == nil else { return nil }
        started += 1
        let job = PasteJob(id: started, driver: driver, original: original)
        current = job
        return job
    }

    func isCurrent(_ job: PasteJob) -> Bool { current?.id == job.id }

    /// The current job if `id` is its (a worker's result names the job it read for).
    func current(id: Int) -> PasteJob? { current?.id == id ? current : nil }

    /// Runs `handler` after `delay` while `job` is still current (replacing any deadline before).
    func setDeadline(for job: PasteJob, after delay: Duration, _ handler: @escaping () -> Void) {
        deadline.schedule(after: delay) { [weak self] in if self?.isCurrent(job) == true { handler() } }
    }

    /// The upload of the current job began at `now`: it is watched for progress from here.
    func uploadStarted(at now: ContinuousClock.Instant) {
        deadline.cancel()
        idle = UploadIdleWatch(start: now)
    }

    /// Whether the current job got as far as uploading.
    var isUploading: Bool { idle != nil }

    /// The upload reports `sent` of `total` bytes at `now`. Returns the whole percentage to
    /// show when it changed, for uploads over 1 MiB only (smaller ones finish before it matters).
    func progressed(_ job: PasteJob, sent: Int, total: Int, at now: ContinuousClock.Instant) -> Int? {
        guard isCurrent(job) else { return nil }
        idle?.progressed(sent: sent, at: now)
        guard total > 1024 * 1024 else { return nil }
        let percent = sent * 100 / total
        guard percent != lastPercent else { return nil }
        lastPercent = percent
        return percent
    }

    /// Calls `stuck` at the idle watch's deadline if the upload of `job` did not move by then,
    /// and keeps watching while it does.
    func watchIdle(_ job: PasteJob, stuck: @escaping () -> Void) {
        guard isCurrent(job), let due = idle?.deadline else { return }
        deadline.schedule(at: due) { [weak self] in
            guard let self, isCurrent(job), let idle else { return }
            if idle.isIdle(at: .now) { stuck() } else { watchIdle(job, stuck: stuck) }
        }
    }

    /// Why the person or the idle watch stopped the current job, shown instead of "the link
    /// dropped" when the stop reports back.
    var stopNote: String? { note }

    func stopping(_ job: PasteJob, note: String) {
        guard isCurrent(job) else { return }
        self.note = note
    }

    /// Ends `job`; false when it was not the current one (already ended).
    @discardableResult
    func end(_ job: PasteJob) -> Bool {
        guard isCurrent(job) else { return false }
        current = nil
        lastPercent = -1
        idle = nil
        note = nil
        deadline.cancel()
        return true
    }
}
