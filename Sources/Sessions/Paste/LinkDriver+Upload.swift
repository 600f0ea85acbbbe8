import SSH

/// A paste's upload on this link's session (`SFTPUpload`), stepped by the loop: on every
/// event of the link's socket watch, and on the next turn when a step ran out of time. libssh2
/// sends one packet at a time on a session: while the upload's packet is half sent the channel
/// writes nothing, and while the channel's is the step waits. The outbox is not held back by the
/// upload (the screen's answers go at once; keys typed after the paste wait in the outbox).
final class ActiveUpload {
    let transfer: SFTPUpload
    let connection: any LinkConnection
    let progress: (_ sent: Int, _ total: Int) -> Void
    let done: (Result<[String], UploadFailure>) -> Void
    /// A paste asked for while this upload (the removal of what cut-off uploads left) ran: it
    /// starts once this one is over, however it ended.
    var next: (() -> Void)?

    init(transfer: SFTPUpload, connection: any LinkConnection, progress: @escaping (Int, Int) -> Void,
         done: @escaping (Result<[String], UploadFailure>) -> Void) {
        self.transfer = transfer
        self.connection = connection
        self.progress = progress
        self.done = done
    }
}

enum UploadFailure: Error, Equatable {
    /// The link dropped (or was not there): nothing was pasted.
    case linkDropped(String)
    /// The host refused something: what and what to do.
    case refused(String)
}

extension LinkDriver {
    /// Starts uploading `files`; false when there is no connection to upload on. While the
    /// connection removes what cut-off uploads left (`removeLeftUploads`), it starts after that.
    func startUpload(_ files: [SFTPUpload.File], progress: @escaping (Int, Int) -> Void,
                     done: @escaping (Result<[String], UploadFailure>) -> Void) -> Bool {
        guard let connection, let session = connection.forwardingSession else { return false }
        if let running = uploads.active, running.transfer.totalBytes == 0, running.next == nil, !files.isEmpty {
            running.next = { [weak self] in
                guard let self, startUpload(files, progress: progress, done: done) else {
                    return done(.failure(.linkDropped("the link dropped before the upload began")))
                }
            }
            return true
        }
        let started = uploads.start { abandoned, tag in
            ActiveUpload(transfer: SFTPUpload(session: session, files: files, abandoned: abandoned, tag: tag),
                         connection: connection, progress: progress, done: done)
        }
        guard started != nil else { return false }
        driveUpload()
        return true
    }

    /// A connection that just attached removes the temporary files uploads cut off by a dropped
    /// link or Esc left on the host (issue 30): an upload with no files only prunes those names.
    func removeLeftUploads() {
        guard let connection, let session = connection.forwardingSession, uploads.leftNames else { return }
        _ = uploads.start { abandoned, tag in
            ActiveUpload(transfer: SFTPUpload(session: session, files: [], abandoned: abandoned, tag: tag),
                         connection: connection, progress: { _, _ in }, done: { _ in })
        }
        driveUpload()
    }

    /// One step of the upload, then whatever it means: wait, go on next turn, or report (and
    /// start the paste that waited for it, if any).
    func driveUpload() {
        guard let upload = uploads.active, connection === upload.connection else { return }
        switch upload.transfer.step() {
        case .waiting(let soon):
            upload.progress(upload.transfer.sentBytes, upload.transfer.totalBytes)
            if soon, !uploadStepTimer.isPending {
                uploadStepTimer.nextTurn { [weak self] in self?.driveUpload() }
            }
            updateSocketEvents()
        case .finished(let paths):
            uploads.finished()
            upload.done(.success(paths))
            resumeAfterUpload()
            upload.next?()
        case .failed(let error):
            endUpload(upload)
            switch error {
            case .connectionLost:
                // Lost first, so the keys held behind the paste are kept for the next connection.
                lose(error.description, recoverable: true, generation: lifecycle.generation)
                upload.done(.failure(.linkDropped("the link to \(name) dropped")))
                upload.next?()
            case .protocolFailure(let operation, let detail):
                upload.done(.failure(.refused("\(operation): \(detail)")))
                resumeAfterUpload()
                upload.next?()
            default:
                upload.done(.failure(.refused(error.description)))
                resumeAfterUpload()
                upload.next?()
            }
        }
    }

    /// What the outbox could not write while the upload's packets went goes now, and output
    /// libssh2 read meanwhile is fed (by the waiting turn when there is one: one read per turn).
    private func resumeAfterUpload() {
        sendWaiting()
        if !pumpAgainTimer.isPending { pump() }
    }

    /// The link is going away (`dropConnection`, before the session goes): the upload lets go
    /// of it and its temporary name is remembered, so the next upload on this host removes it.
    /// The caller reports it (`done`) once the connection is gone, so that keys held behind
    /// the paste are kept for the next connection rather than sent on this one.
    func cancelUpload() -> ActiveUpload? {
        guard let upload = uploads.active else { return nil }
        endUpload(upload)
        return upload
    }

    private func endUpload(_ upload: ActiveUpload) {
        uploads.cutOff(leaving: upload.transfer.openTemporary)
        upload.transfer.abandon()
    }
}

extension LinkDriver {
    /// Stops the upload for good (Esc, `ctrl+] v` again, or no progress). libssh2 may be
    /// halfway through an SFTP packet, which must not be left half-sent on a live session, so
    /// the link is dropped as if it had failed: the upload reports `linkDropped`, its temporary
    /// file is removed by the next upload, and the caller connects again at once.
    func stopUpload(_ reason: String) {
        guard uploads.active != nil else { return }
        lose(reason, recoverable: true, generation: lifecycle.generation)
    }
}
