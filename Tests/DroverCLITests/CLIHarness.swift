import Foundation
import DroverCLI
import XCTest

/// Runs `drover` in-process with captured output and a scripted stdin.
final class CLIHarness: @unchecked Sendable {
    private let lock = NSLock()
    private var outBuffer = ""
    private var errBuffer = ""
    private var input: [String]
    let environment: [String: String]
    /// The size of the pretend terminal on standard output (nil: output is not a terminal).
    let terminalSize: (columns: Int, rows: Int)?

    init(environment: [String: String] = [:], input: [String] = [], terminalSize: (columns: Int, rows: Int)? = nil) {
        self.environment = environment
        self.input = input
        self.terminalSize = terminalSize
    }

    var out: String { lock.withLock { outBuffer } }
    var err: String { lock.withLock { errBuffer } }

    func run(_ args: String...) -> Int32 { run(args) }

    func run(_ args: [String]) -> Int32 {
        let ctx = CommandContext(
            environment: environment, isInteractive: !input.isEmpty,
            out: { s in self.lock.withLock { self.outBuffer += s } },
            err: { s in self.lock.withLock { self.errBuffer += s } },
            readLine: { self.lock.withLock { self.input.isEmpty ? nil : self.input.removeFirst() } },
            terminalSize: { [terminalSize] in terminalSize })
        return Drover.run(args, context: ctx)
    }
}

extension CLIHarness {
    /// Runs `drover ARGS` and checks its exit status; a failure names the command and shows
    /// what it printed, at the caller's line.
    @discardableResult
    static func checked(_ args: [String], environment: [String: String], input: [String] = [], expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        let h = CLIHarness(environment: environment, input: input)
        XCTAssertEqual(h.run(args), status, "drover \(args.joined(separator: " ")): \(h.out)\(h.err)", file: file, line: line)
        return h
    }
}
