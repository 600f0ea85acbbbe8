import CLibSSH2
import LibC

/// Uploads files into `~/.cache/drover-paste/` over SFTP on a session that is already in use,
/// one non-blocking step at a time: the attach loop calls `step()` whenever the session's
/// socket is ready (or right away when the last step ran out of time), so nothing here waits.
/// Each file is written under a temporary name, closed and only then renamed to its final name
/// (its content hash), so a dropped link never leaves a file that looks complete. Before the
/// first file, old uploads and temporary names left behind are pruned (`SFTPPrunePlan`).
///
/// Not thread-safe, like its session: the thread that drives the session drives this.
public final class SFTPUpload {
    /// One local file to send: its final name and bytes.
    public struct File: Sendable {
        public let digestHex: String
        public let ext: String
        public let bytes: [UInt8]
        public init(digestHex: String, ext: String, bytes: [UInt8]) {
            self.digestHex = digestHex
            self.ext = ext
            self.bytes = bytes
        }
    }

    public enum Progress: Equatable {
        /// Waiting for the socket; `soon` asks to be stepped on the next loop turn anyway
        /// (the step ran out of its time slice with work left).
        case waiting(soon: Bool)
        /// Every file is on the host: the absolute remote paths, as the host's SFTP server
        /// spells them (`/home/ann/...`, or `/C:/Users/ann/...` on Windows), in order.
        case finished([String])
        case failed(SSHError)
    }

    /// The remote directory, relative to the login directory.
    public static let directory = ".cache/drover-paste"

    let session: SSHSession
    let files: [File]
    /// Temporary names this process left in the directory before (removed first).
    let abandoned: Set<String>
    let tag: String
    let clock: () -> UInt64

    var phase: Phase = .initSFTP
    var sftp: OpaquePointer?
    var handle: OpaquePointer?
    var home = ""
    var listing: [SFTPPrunePlan.Entry] = []
    var removals: [String] = []
    var fileIndex = 0
    var offset = 0
    var results: [String] = []
    /// The temporary name being written now, if any (`leftBehind` on failure).
    public internal(set) var openTemporary: String?
    var renameFailed = false

    /// Bytes of all files acknowledged by the host so far, and the total.
    public var sentBytes: Int { files[..<min(fileIndex, files.count)].reduce(0) { $0 + $1.bytes.count } + offset }
    public var totalBytes: Int { files.reduce(0) { $0 + $1.bytes.count } }

    /// `tag` makes temporary names unique to this upload (process id and a counter); `clock`
    /// gives Unix seconds for pruning.
    public init(session: SSHSession, files: [File], abandoned: Set<String>, tag: String,
                clock: @escaping () -> UInt64 = { UInt64(max(0, time(nil))) }) {
        self.session = session
        self.files = files
        self.abandoned = abandoned
        self.tag = tag
        self.clock = clock
    }

    /// Does as much as it can without blocking, for at most `budget`.
    public func step(budget: Duration = .milliseconds(8)) -> Progress {
        let start = ContinuousClock.now
        // Another call's packet is half sent on the session: its caller finishes it first.
        let sender = SSHSender(self, .sftp)
        guard session.mayCall(sender) else { return .waiting(soon: false) }
        defer { session.called(sender) }
        while true {
            if case .finished = phase { return .finished(results) }
            let outcome = advance()
            switch outcome {
            case .again:
                return .waiting(soon: false)
            case .failure(let error):
                phase = .finished
                return .failed(error)
            case .progressed:
                if ContinuousClock.now - start >= budget { return .waiting(soon: true) }
            }
        }
    }

    /// The link is going away: lets go of the SFTP channel without waiting for the host. A
    /// temporary file may remain on the host; its name is in `openTemporary` for the next
    /// upload to remove.
    public func abandon() {
        if let handle { _ = libssh2_sftp_close_handle(handle) }
        handle = nil
        if let sftp { _ = libssh2_sftp_shutdown(sftp) }
        sftp = nil
        phase = .finished
    }

    // MARK: Results of one libssh2 call

    enum Advance { case again, progressed, failure(SSHError) }

    /// What a libssh2 return code means here: EAGAIN waits, a lost connection or any other
    /// error fails with `operation` named.
    func check(_ rc: Int, _ operation: String) -> Advance? {
        if rc >= 0 { return nil }
        if rc == Int(LIBSSH2_ERROR_EAGAIN) { return .again }
        return .failure(error(code: Int32(truncatingIfNeeded: rc), operation))
    }

    func error(code: Int32, _ operation: String) -> SSHError {
        if LibSSH2.isConnectionLoss(code) {
            return .connectionLost(detail: "the link dropped while \(operation)")
        }
        if code == LIBSSH2_ERROR_SFTP_PROTOCOL, let sftp {
            return .protocolFailure(operation: operation,
                                    detail: "the host's SFTP server answered status \(libssh2_sftp_last_error(sftp))")
        }
        return .protocolFailure(operation: operation, detail: LibSSH2.lastErrorMessage(session.raw))
    }

    /// A pointer result: nil with EAGAIN waits, nil otherwise fails.
    func checkPointer(_ pointer: OpaquePointer?, _ operation: String) -> Advance? {
        if pointer != nil { return nil }
        let code = libssh2_session_last_errno(session.raw)
        if code == LIBSSH2_ERROR_EAGAIN { return .again }
        return .failure(error(code: code, operation))
    }

    var directoryPath: String { home == "/" ? "/" + Self.directory : home + "/" + Self.directory }
    func path(_ name: String) -> String { directoryPath + "/" + name }
}
