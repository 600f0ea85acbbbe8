import Foundation
import LibC

/// Python's threading HTTP server on a free loopback port, serving one directory: what the
/// forward tests (`-L`, `-R`, ssh_config's LocalForward) reach through Drover. The port is the
/// server's first line, printed once it listens (the event awaited, no sleep).
public final class LocalHTTPServer {
    public let port: Int
    private let process: ChildProcess

    public init(serving directory: String) throws {
        let pipe = try PipePair()
        let script = """
            import functools, http.server, sys
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        process = try ChildProcess("/usr/bin/python3", ["-c", script, directory], stdout: pipe.write)
        close(pipe.write)
        defer { close(pipe.read) }
        var line = ""
        var byte: UInt8 = 0
        while LibC.read(pipe.read, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(Character(UnicodeScalar(byte))) }
        guard let port = Int(line) else {
            process.terminate()
            throw TestSupportError("the HTTP server did not start: '\(line)'")
        }
        self.port = port
    }

    /// Ends the server (tests call it from tearDown).
    public func stop() { process.terminate() }
}
