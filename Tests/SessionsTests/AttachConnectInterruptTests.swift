import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 32: ctrl+c while a connect hangs (a host that accepts the TCP connection and never
/// sends its SSH banner, so only `--timeout` would end the wait) stops Drover at once: exit
/// status 130, a message naming the host and what to do next, the pane given back, and the
/// host got nothing but the client's banner (the key was not kept to be sent later).
final class AttachConnectInterruptTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal()
    }

    override func tearDown() {
        harness?.tearDown()
    }

    /// What the silent host read from its one accepted connection.
    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var data: [UInt8] = []
        var bytes: [UInt8] { lock.withLock { data } }

        /// Accepts one connection and reads it until the client closes it; never writes.
        func serve(_ listening: Int32) {
            let client = accept(listening, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
                if count <= 0 { return }
                lock.withLock { data += buffer[0..<count] }
            }
        }
    }

    func testCtrlCStopsAConnectToAHostThatNeverAnswers() throws {
        let listener = try SilentListener(backlog: 8)
        let received = Received()
        let listening = listener.fd
        Thread.detachNewThread { received.serve(listening) }
        try harness.registerHost(named: "mute", port: listener.port, command: "exec cat")
        try harness.startAttach(hosts: ["mute"], options: "--timeout 600")
        try harness.waitFor("mute: connecting")
        // The client's banner reached the host: the connect is waiting for the server's.
        try harness.waitUntil("the client's banner at the host") { _ in received.bytes.contains(0x0A) }

        try harness.keys("C-c")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 130, exit.screen)
        XCTAssertTrue(exit.screen.contains("Stopped connecting to mute (ctrl+c); no key was sent to it."), exit.screen)
        XCTAssertTrue(exit.screen.contains("'drover doctor mute'"), exit.screen)
        XCTAssertEqual(try harness.modes()["alternate_on"], "0", "the pane is given back")
        let text = String(decoding: received.bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("SSH-2.0-"), text)
        XCTAssertEqual(text.split(separator: "\n").count, 1, "nothing but the client's banner: \(received.bytes)")
        XCTAssertFalse(received.bytes.contains(0x03), "ctrl+c never reached the host")
    }

    /// A host named for this run only (an address and -p, -l): the doctor command the message
    /// suggests repeats those flags, so it reaches the same host as written.
    func testTheSuggestedDoctorCommandRepeatsTheOneOffFlags() throws {
        let listener = try SilentListener(backlog: 8)
        let received = Received()
        let listening = listener.fd
        Thread.detachNewThread { received.serve(listening) }
        try harness.startAttach(hosts: ["127.0.0.1"], options: "-p \(listener.port) -l nobody --timeout 600")
        try harness.waitUntil("the client's banner at the host") { _ in received.bytes.contains(0x0A) }
        try harness.keys("C-c")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 130, exit.screen)
        XCTAssertTrue(exit.screen.contains("'drover doctor 127.0.0.1 -p \(listener.port) -l nobody'"), exit.screen)
    }

    /// With another host open, ctrl+c stops only the connect in front: that host is closed, the
    /// other comes forward and keeps its session, and Drover goes on.
    func testCtrlCWithAnotherHostOpenStopsOnlyThatConnect() throws {
        let listener = try SilentListener(backlog: 8)
        let received = Received()
        let listening = listener.fd
        Thread.detachNewThread { received.serve(listening) }
        try harness.registerHost(named: "mute", port: listener.port, command: "exec cat")
        try harness.registerHost(named: "good", command: "printf 'good-%s\\n' $((20+22)); exec cat")
        // good's key is trusted first, so no question waits for it behind the silent host.
        try harness.startAttach(hosts: ["good"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("good-42")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)

        try harness.startAttach(hosts: ["mute", "good"], options: "--timeout 600")
        try harness.waitUntil("the client's banner at the host") { _ in received.bytes.contains(0x0A) }
        try harness.keys("C-c")
        // good comes forward: a line typed to its cat shows twice (the echo, then cat's copy).
        try harness.waitFor("good-42")
        try harness.type("still-here\n")
        try harness.waitUntil("good's cat answering") { $0.components(separatedBy: "still-here").count - 1 >= 2 }
        XCTAssertFalse(received.bytes.contains(0x03), "ctrl+c never reached the silent host")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit(number: 2).status, 0, "Drover went on after the stopped connect")
    }
}
