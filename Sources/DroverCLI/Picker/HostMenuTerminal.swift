import Console
import LibC
import VT

/// Runs a `HostMenu` on the terminal: takes it over with a `ConsoleSession` (raw mode and the
/// alternate screen, given back on every way out, a signal included), draws the menu after
/// each key, and returns the host to attach (nil when the person left). The session is
/// restored before attach takes the terminal for itself.
enum HostMenuTerminal {
    /// How long a lone Escape waits for the rest of a key's sequence before it counts as Escape.
    private static let escapeWait: Int32 = 100

    static func choose(_ initial: HostMenu) throws -> String? {
        var menu = initial
        let console = try ConsoleSession()
        defer { console.restore() }
        var decoder = LocalInputDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        while menu.outcome == nil {
            draw(menu, on: console)
            var poller = pollfd(fd: console.input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, decoder.hasPendingEscape ? escapeWait : -1)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                for event in decoder.flushPendingEscape() { menu.handle(event) }
                continue
            }
            let count = read(console.input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return nil }
            for event in decoder.decode(buffer[0..<count]) { menu.handle(event) }
        }
        guard case .attach(let name) = menu.outcome else { return nil }
        return name
    }

    private static func draw(_ menu: HostMenu, on console: ConsoleSession) {
        let size = console.size ?? (columns: 80, rows: 24)
        let lines = menu.lines(width: size.columns, height: size.rows)
        let text = "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
        _ = ConsoleOutput.writeAll(console.frameOutput, Array(text.utf8), within: .seconds(1))
    }
}
