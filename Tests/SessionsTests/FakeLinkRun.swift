import XCTest
import Files
import LibC
import SSH
@testable import Console
@testable import Sessions

/// A real `AttachRun` on a pseudo-terminal whose hosts are connected over `FakeLinkConnection`s
/// and delivering: the run's own loop, keys and banners, no sshd. The test reads nothing the run
/// draws; `turn` takes it so the terminal never fills.
final class FakeLinkRun {
    let run: AttachRun
    /// Host i's connection, in the order the hosts were named.
    let links: [FakeLinkConnection]
    private let console: ConsoleSession
    private var master: Int32 = -1
    private var slave: Int32 = -1

    init(hosts: [String], rows: UInt16 = 24, columns: UInt16 = 80) throws {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw XCTSkip("no pseudo-terminal here") }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let targets = hosts.map {
            AttachTarget(displayName: $0, endpoint: SSHEndpoint(host: $0, port: 22, user: "me"), command: "herdr", host: nil)
        }
        do {
            console = try ConsoleSession(input: slave, output: slave)
            run = try AttachRun(targets: targets, console: console,
                                root: DroverRoot(path: NSTemporaryDirectory() + "drover-fake-link-run-\(getpid())"),
                                environment: ["TERM": "xterm-256color"], options: SSHOptions(), keepaliveInterval: 15)
        } catch {
            _ = LibC.close(master)
            _ = LibC.close(slave)
            throw error
        }
        links = hosts.map { _ in FakeLinkConnection() }
        for (driver, link) in zip(run.drivers, links) {
            driver.attach(link, generation: driver.beginConnect())
            driver.startDelivering()
        }
    }

    /// Runs the loop's turns (at most 50) until `done` holds, taking what was drawn after each.
    func turn(until done: () -> Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for _ in 0..<50 where !done() {
            try run.loop.runOnce()
            drain()
        }
        XCTAssertTrue(done(), what, file: file, line: line)
    }

    /// Ends the run, gives the terminal back its settings and closes the pty.
    func close() {
        run.close()
        drain()
        console.restore()
        _ = LibC.close(master)
        _ = LibC.close(slave)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(master, &buffer, buffer.count) > 0 {}
    }
}
