#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC

/// `drover attach HOST --record FILE.cast`: what one host sent, written as asciicast v2 as it
/// arrives (each event is one write(2), so a crash loses at most the event being written).
///
/// The file is created new, 0600, and never through a symlink (`O_CREAT | O_EXCL | O_NOFOLLOW`):
/// an existing file is refused, not overwritten or appended to, because a recording mixed into
/// another one replays as neither. Runs on the loop thread.
public final class CastRecorder {
    public let path: String
    private var fd: Int32
    private var encoder = AsciicastEncoder()
    private var start = ContinuousClock.now
    private var size: (columns: Int, rows: Int)?
    /// Why recording stopped (a failed write); nil while it goes on.
    private(set) var failure: String?

    /// Creates `path` for a new recording.
    public init(creating path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CastRecorderError(path: path, errno: errno) }
        self.path = path
        self.fd = fd
    }

    deinit { close() }

    /// Writes the header: the recorded screen's size now, and the time and TERM of the start.
    func begin(columns: Int, rows: Int, term: String?) {
        start = .now
        size = (columns, rows)
        write(AsciicastEncoder.header(columns: columns, rows: rows, timestamp: Int(Date().timeIntervalSince1970),
                                      term: term))
    }

    /// Output from the host while its screen is `columns` x `rows` (a resize event first if that changed).
    func output(_ bytes: UnsafeRawBufferPointer, columns: Int, rows: Int) {
        resize(columns: columns, rows: rows)
        write(encoder.output(bytes, at: .now - start))
    }

    /// The recorded host's screen is `columns` x `rows` now.
    func resize(columns: Int, rows: Int) {
        guard size.map({ $0.columns != columns || $0.rows != rows }) ?? true else { return }
        size = (columns, rows)
        write(AsciicastEncoder.resize(columns: columns, rows: rows, at: .now - start))
    }

    /// Closes the file. One that never got its header (the attach stopped before it began,
    /// e.g. without a terminal) is removed: it was created by this recorder and holds nothing,
    /// and leaving it would make the next `--record` to that name refuse.
    func close() {
        guard fd >= 0 else { return }
        _ = LibC.close(fd)
        fd = -1
        if size == nil { unlink(path) }
    }

    private func write(_ bytes: [UInt8]) {
        guard fd >= 0, !bytes.isEmpty else { return }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { LibC.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                failure = Self.writeFailure(path: path, errno: n < 0 ? errno : EIO)
                close()
                return
            }
            offset += n
        }
    }
}

extension CastRecorder {
    /// Why a write to the recording failed, and what to do, by `errno`: only a full disk is
    /// fixed by freeing space.
    static func writeFailure(path: String, errno: Int32) -> String {
        let stopped = "recording to \(path) stopped (\(String(cString: strerror(errno))))"
        switch errno {
        case ENOSPC, EDQUOT:
            return "\(stopped): the disk or your quota is full; free space there and record again to a new file"
        case EFBIG:
            return "\(stopped): the file reached the largest size allowed there; record again to a new file"
        case EIO:
            return "\(stopped): the disk reported an I/O error; check the disk and record again to a file on another one"
        default:
            return "\(stopped); record again to a new file in a directory you can write to"
        }
    }
}

/// The recording file could not be created.
public struct CastRecorderError: Error, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public var description: String {
        switch errno {
        case EEXIST:
            return "\(path) already exists; Drover does not overwrite or follow it. Record to a new file name, or remove it first."
        case ELOOP:
            return "\(path) is a symbolic link; Drover does not record through links. Record to a new file name."
        default:
            return "cannot create \(path): \(String(cString: strerror(errno))). Record to a file in a directory you can write to."
        }
    }
}
