import Foundation
import LibC

/// A generic ProxyCommand for tests, as people run `nc` or a cloud tunnel: a small Python
/// relay (`python3 RELAY HOST PORT PIDFILE [FIFO]`) that writes its PID, connects to
/// HOST:PORT and pipes its stdin and stdout through; with FIFO, it holds that FIFO open for
/// writing while it lives, so a test can await its death as an event (the FIFO's hang-up).
/// With `RELAY_LOG` set it writes `relay: host sent chunk N` to stderr before it passes on
/// each chunk from the host, so its stderr goes on after the link is up.
public enum ProxyRelay {
    public static let script = """
        import os, socket, sys, threading
        with open(sys.argv[3], "w") as f:
            f.write(str(os.getpid()))
        if len(sys.argv) > 4:
            lifeline = os.open(sys.argv[4], os.O_WRONLY)
        s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
        def up():
            while True:
                data = os.read(0, 65536)
                if not data:
                    break
                s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        threading.Thread(target=up, daemon=True).start()
        chunks = 0
        while True:
            data = s.recv(65536)
            if not data:
                break
            chunks += 1
            if os.environ.get("RELAY_LOG"):
                os.write(2, b"relay: host sent chunk %d\\n" % chunks)
            os.write(1, data)

        """

    /// Writes the relay to `path` and returns it.
    @discardableResult
    public static func write(to path: String) throws -> String {
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The PID a relay (or any test ProxyCommand) wrote to `file`; throws when there is none.
    public static func pid(in file: String) throws -> pid_t {
        let text = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw TestSupportError("no PID in \(file): '\(text)'") }
        return pid
    }

    /// `ps` lines (`PID STAT COMMAND`) of the processes in process group `group` that still
    /// run: zombies are left out (a zombie whose parent is gone is init's to reap).
    public static func running(inGroup group: pid_t) throws -> [String] {
        try Shell.run("/bin/ps", ["-eo", "pgid=,pid=,stat=,args="]).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count >= 3, pid_t(fields[0]) == group, !fields[2].hasPrefix("Z") else { return nil }
            return fields.dropFirst().joined(separator: " ")
        }
    }

    /// `ps` lines of every process in group `group`, zombies too: after a Drover that lived to
    /// reap its children, there must be none at all.
    public static func any(inGroup group: pid_t) throws -> [String] {
        try Shell.run("/bin/ps", ["-eo", "pgid=,pid=,stat=,args="]).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count >= 3, pid_t(fields[0]) == group else { return nil }
            return fields.dropFirst().joined(separator: " ")
        }
    }
}

/// A FIFO a relay holds open for writing: `awaitHangUp` returns once every writer has closed it
/// (the relay died), an event rather than a look at the clock. Bounded by `seconds` so a broken
/// run fails instead of hanging; not a threshold on how fast things happen.
public final class LifelineFIFO {
    public let path: String
    private let fd: Int32

    public init(path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else { throw TestSupportError("mkfifo \(path): \(String(cString: strerror(errno)))") }
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw TestSupportError("open \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Waits for the hang-up of a FIFO a writer has opened (call it once the relay runs: on
    /// Linux a FIFO that never had a writer does not hang up).
    public func awaitHangUp(seconds: Int32 = 60) throws {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let rc = poll(&entry, 1, seconds * 1000)
            if rc < 0 && errno == EINTR { continue }
            guard rc > 0 else { throw TestSupportError("\(path) was not hung up within \(seconds) s") }
            if entry.revents & Int16(POLLHUP) != 0 && read(fd, &buffer, buffer.count) <= 0 { return }
            _ = read(fd, &buffer, buffer.count)
        }
    }
}
