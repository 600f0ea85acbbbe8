import XCTest
import LibC
import Loop
@testable import Sessions

/// A remote forward's local destination is looked up off the loop thread (issue 25): the
/// lookup returns at once, its answer arrives as a loop event, and a name that does not
/// resolve is said in words.
final class ForwardDestinationTests: XCTestCase {
    private func settle(_ destination: ForwardDestination, on loop: EventLoop) throws -> Int {
        var settled = 0
        destination.onSettled = { settled += 1 }
        destination.lookUp()
        XCTAssertTrue(destination.isLooking, "lookUp returns before the answer: the loop thread does not wait for it")
        for _ in 0..<20 where settled == 0 { try loop.runOnce() }   // the mailbox's wake-up is an event
        return settled
    }

    func testLocalhostIsFoundAndConnectedTo() throws {
        let loop = try EventLoop()
        // A listening socket on a free loopback port, as the destination of the forward.
        let listener = socketClosedOnExec(family: AF_INET, type: streamSocketType, protocol: 0)
        defer { _ = LibC.close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                XCTAssertEqual(bind(listener, $0, length), 0)
                XCTAssertEqual(listen(listener, 1), 0)
                XCTAssertEqual(getsockname(listener, $0, &length), 0)
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let destination = try ForwardDestination(host: "localhost", port: port, loop: loop)
        XCTAssertThrowsError(try destination.openConnection(), "nothing is connected before the address is known")
        XCTAssertEqual(try settle(destination, on: loop), 1)
        guard case .found = destination.state else { return XCTFail("\(destination.state)") }
        let socket = try destination.openConnection()
        defer { _ = LibC.close(socket) }
        XCTAssertGreaterThanOrEqual(socket, 0)
    }

    func testANameThatDoesNotResolveIsSaid() throws {
        let loop = try EventLoop()
        let destination = try ForwardDestination(host: "no-such-host.invalid", port: 80, loop: loop)
        XCTAssertEqual(try settle(destination, on: loop), 1)
        XCTAssertThrowsError(try destination.openConnection()) { error in
            XCTAssertTrue("\(error)".hasPrefix("no address for no-such-host.invalid: "), "\(error)")
        }
    }

    /// With no thread to look on, the lookup fails as a loop event and says why; it never runs on
    /// the loop's thread, where a slow resolver would stall every host.
    func testALookupWithoutAThreadFailsOnTheLoopInsteadOfBlockingIt() throws {
        let loop = try EventLoop()
        let destination = try ForwardDestination(host: "localhost", port: 80, loop: loop,
                                                 startThread: { _ in throw WorkerThread.Unavailable() })
        XCTAssertEqual(try settle(destination, on: loop), 1)
        guard case .failed(let why) = destination.state else { return XCTFail("\(destination.state)") }
        XCTAssertTrue(why.hasPrefix("localhost was not looked up: the system refused Drover a new thread"), why)
    }
}
