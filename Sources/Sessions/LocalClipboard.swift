import Foundation
import Render

/// Puts text on the person's clipboard: by default an OSC 52 sequence written to the local
/// terminal (the terminal owns the clipboard, so this works over ssh too); with
/// `--copy-command CMD` (wl-copy, xclip -selection clipboard, pbcopy) that command gets the
/// text on its standard input instead. Shared by history mode's `y` and anything else that
/// copies for the person.
struct LocalClipboard: Equatable, Sendable {
    enum Destination: Equatable, Sendable {
        /// OSC 52 to the local terminal.
        case terminal
        /// A shell command line run with `/bin/sh -c`, fed the text on stdin.
        case command(String)
    }

    var destination: Destination

    init(command: String? = nil) {
        destination = command.map { .command($0) } ?? .terminal
    }

    /// Copies `text`; terminal bytes go through `writeLocal`. Returns what the status line
    /// should say (a failure names what to do next). Never waits for the command: it runs
    /// beside the loop, its output is discarded so it cannot disturb the screen.
    func copy(_ text: String, writeLocal: ([UInt8]) -> Void) -> String {
        switch destination {
        case .terminal:
            writeLocal(ClipboardSequence.osc52(text))
            return "copied \(Self.describe(text)) to the clipboard"
        case .command(let command):
            do {
                try Self.run(command, input: Data(text.utf8))
                return "copied \(Self.describe(text)) with \(command)"
            } catch {
                return "could not run '\(command)' (\(error.localizedDescription)); check --copy-command, or leave it out to copy with OSC 52"
            }
        }
    }

    static func describe(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        return lines == 1 ? "1 line" : "\(lines) lines"
    }

    /// Starts `command` with `input` on its stdin; returns the running process (tests wait on it).
    @discardableResult
    static func run(_ command: String, input: Data) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = pipe.fileHandleForWriting
        // A large selection may not fit the pipe; write it beside the loop so a command that
        // is slow to read never freezes the screen.
        DispatchQueue.global().async {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
        return process
    }
}
