import Foundation
import LibC

/// OpenSSH's ssh-agent in the foreground on a private socket, stopped by PID.
public final class TestAgent {
    public let socketPath: String
    private let process: ChildProcess

    public init(directory: TemporaryDirectory) throws {
        socketPath = directory.file("agent.sock")
        let pipe = try PipePair()
        process = try ChildProcess("/usr/bin/ssh-agent", ["-D", "-a", socketPath], stdout: pipe.write)
        close(pipe.write)
        defer { close(pipe.read) }
        // ssh-agent prints its environment lines once the socket listens: that is the event.
        var seen = ""
        var buffer = [UInt8](repeating: 0, count: 512)
        while !seen.contains("SSH_AUTH_SOCK") {
            let n = buffer.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { process.terminate(); throw TestSupportError("ssh-agent did not start: \(seen)") }
            seen += String(decoding: buffer[0..<n], as: UTF8.self)
        }
    }

    public func add(keyPath: String) throws {
        try Shell.run("/usr/bin/ssh-add", ["-q", keyPath], environment: ["SSH_AUTH_SOCK": socketPath])
    }

    public func stop() { process.terminate() }
}
