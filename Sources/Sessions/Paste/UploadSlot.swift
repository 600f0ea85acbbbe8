import LibC

/// A link's one upload at a time and the names uploads leave behind: each upload gets a tag of
/// its own (the process and a count), and the temporary file of one that was cut off is
/// remembered so the next upload on the host removes it, or the upload with no files that the
/// next connection starts for that (issue 30); one that finishes has removed them.
/// Generic over the upload so the bookkeeping is tested without SFTP (`UploadSlotTests`). A
/// value: it is its driver's state, so it counts as the driver's own (`StoredStateTests`).
struct UploadSlot<Upload: AnyObject> {
    /// The upload in progress (nil: none).
    private(set) var active: Upload?
    /// Temporary names left on the host by uploads that were cut off.
    private var abandoned: Set<String> = []
    private var count = 0

    /// Starts the upload `make` builds from the names to remove and its tag, unless one runs
    /// (nil then).
    mutating func start(_ make: (_ abandoned: Set<String>, _ tag: String) -> Upload) -> Upload? {
        guard active == nil else { return nil }
        count += 1
        let upload = make(abandoned, "\(getpid())-\(count)")
        active = upload
        return upload
    }

    /// True while uploads that were cut off left names on the host to remove.
    var leftNames: Bool { !abandoned.isEmpty }

    /// The upload finished: it removed the names left before it.
    mutating func finished() {
        active = nil
        abandoned = []
    }

    /// The upload is cut off (failed, or its link is going away), leaving `temporary` (if any)
    /// on the host for the next upload to remove. Returns it (nil when none ran).
    @discardableResult
    mutating func cutOff(leaving temporary: String?) -> Upload? {
        guard let upload = active else { return nil }
        active = nil
        if let temporary { abandoned.insert(temporary) }
        return upload
    }
}
