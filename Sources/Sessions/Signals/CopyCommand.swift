import Foundation

/// `--copy-command CMD`: the local clipboard through a program (`wl-copy`, `xclip -selection
/// clipboard`, `pbcopy`) instead of OSC 52, for a terminal that does not take OSC 52. The
/// command runs through `/bin/sh -c` with the text on its stdin and its output discarded (it
/// must not draw on the terminal Drover owns), on a thread of its own so that a slow or stuck
/// command never holds up the loop.
struct CopyCommand: Sendable {
    let command: String

    /// Runs the command with `text`; `done` gets nil, or what went wrong with advice, on the
    /// command's thread.
    func run(_ text: [UInt8], done: @escaping @Sendable (String?) -> Void) {
        let command = command
        Thread.detachNewThread {
            done(Self.runNow(command, text))
        }
    }

    /// Runs `command` with `text` on stdin and waits for it; nil when it exited 0.
    static func runNow(_ command: String, _ text: [UInt8]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return failure(command, "could not start: \(error)")
        }
        // A command that exits without reading makes this write fail (SIGPIPE is ignored);
        // its exit status then says what happened.
        try? input.fileHandleForWriting.write(contentsOf: Data(text))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited \(process.terminationStatus)"
                : "was killed by signal \(process.terminationStatus)"
            return failure(command, how)
        }
        return nil
    }

    private static func failure(_ command: String, _ how: String) -> String {
        "copy command '\(command)' \(how); nothing was copied. Check that it runs in a shell here, "
            + "or leave out --copy-command to copy with OSC 52"
    }
}
