import LibC
import XCTest

/// `sigaction.handler` reads and writes the same field the kernel uses, and
/// `ignoreBrokenPipeSignal` leaves SIGPIPE ignored.
final class SignalTests: XCTestCase {
    func testIgnoreBrokenPipeSignalSetsSIGPIPEToIgnored() {
        var previous = sigaction()
        var standard = sigaction()
        standard.handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(SIGPIPE, &standard, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }

        ignoreBrokenPipeSignal()
        var now = sigaction()
        sigaction(SIGPIPE, nil, &now)
        XCTAssertEqual(address(of: now.handler), address(of: SIG_IGN))
    }

    func testHandlerWrittenIsTheHandlerInstalled() {
        var previous = sigaction()
        var action = sigaction()
        action.handler = signalTestsHandler
        sigemptyset(&action.sa_mask)
        sigaction(SIGUSR2, &action, &previous)
        defer { sigaction(SIGUSR2, &previous, nil) }

        var installed = sigaction()
        sigaction(SIGUSR2, nil, &installed)
        XCTAssertEqual(address(of: installed.handler), address(of: signalTestsHandler))
        XCTAssertNotEqual(address(of: installed.handler), 0)
    }

    private func address(of handler: SignalHandler?) -> Int {
        handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }
}

private func signalTestsHandler(_ signal: Int32) {}
