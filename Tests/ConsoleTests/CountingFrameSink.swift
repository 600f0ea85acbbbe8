import LibC
@testable import Console

/// A `FrameSink` in front of a real `ConsoleWriter` that counts the frames and bytes the view
/// hands over; `taken` (what a test's reader at the master has read) makes the bytes still queued
/// for the terminal, which a Linux pty's own TIOCOUTQ does not report.
final class CountingFrameSink: FrameSink {
    let writer: ConsoleWriter
    private(set) var frames = 0
    private(set) var bytes = 0
    var taken = 0

    init(_ writer: ConsoleWriter) { self.writer = writer }

    var isBusy: Bool { writer.isBusy }
    func write(frame: [UInt8]) -> Bool {
        frames += 1
        bytes += frame.count
        return writer.write(frame: frame)
    }
    func whenDrained(_ handler: @escaping () -> Void) { writer.whenDrained(handler) }
    func takeCutFrame() -> Bool { writer.takeCutFrame() }
    func writeMore() { writer.writeMore() }
    var terminalQueued: Int { bytes - taken }
}

extension PTY {
    /// A pty whose slave is raw and non-blocking: the "local terminal" Drover writes to, its
    /// description the test's own, as `ConsoleSession.frameOutput` is Drover's.
    static func rawTerminal() -> PTY? {
        guard let pty = open() else { return nil }
        var settings = termios()
        guard tcgetattr(pty.slave, &settings) == 0 else { pty.close(); return nil }
        var raw = RawMode.settings(from: settings)
        guard tcsetattr(pty.slave, TCSANOW, &raw) == 0 else { pty.close(); return nil }
        _ = fcntl(pty.slave, F_SETFL, fcntl(pty.slave, F_GETFL) | O_NONBLOCK)
        return pty
    }
}
