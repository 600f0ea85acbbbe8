import LibC

/// The first line a helper process prints once it accepts connections, `listening PORT` (the link
/// shaper's convention, kept by the tests' own proxies): read byte by byte, so nothing after it is
/// taken from the pipe.
public enum ListeningLine {
    /// Starts `/usr/bin/python3 arguments` with its stdout on a pipe and waits for the port it
    /// announces. If it announces none, it is stopped and the error quotes what it said, then
    /// `byHand` (how to run it to see why).
    public static func startPython(_ arguments: [String], name: String, byHand: String) throws -> (child: ChildProcess, port: Int) {
        let output = try PipePair()
        let child = try ChildProcess("/usr/bin/python3", arguments, stdout: output.write)
        close(output.write)
        defer { close(output.read) }
        let announced = port(readingFrom: output.read)
        guard let port = announced.port else {
            child.terminate()
            throw TestSupportError("\(name) did not start (it said '\(announced.line)'); \(byHand)")
        }
        return (child, port)
    }

    /// The port announced on `fd`, or nil with the line read instead (for the error message).
    public static func port(readingFrom fd: Int32) -> (port: Int?, line: String) {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 64, read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        let line = String(decoding: bytes, as: UTF8.self)
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == "listening", let port = Int(words[1]) else { return (nil, line) }
        return (port, line)
    }
}
