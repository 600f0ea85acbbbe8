import Foundation
import XCTest
@testable import Loop

final class MailboxTests: XCTestCase {
    func testMessagesPostedFromAnotherThreadArriveInOrderOnTheLoopThread() throws {
        let loop = try EventLoop()
        let loopThread = pthread_self()
        var received: [Int] = []
        var onLoopThread = true
        let mailbox = try loop.mailbox { (message: Int) in
            onLoopThread = onLoopThread && pthread_equal(pthread_self(), loopThread) != 0
            received.append(message)
            if received.count == 100 { loop.stop() }
        }
        let sender = Thread { for n in 0..<100 { mailbox.post(n) } }
        sender.start()
        try loop.run()
        XCTAssertEqual(received, Array(0..<100))
        XCTAssertTrue(onLoopThread, "the handler runs on the thread that runs the loop")
    }

    func testClosedMailboxRefusesPostsAndReturnsWhatWasNotTaken() throws {
        let loop = try EventLoop()
        var received: [String] = []
        let mailbox = try loop.mailbox { (message: String) in received.append(message) }
        XCTAssertTrue(mailbox.post("queued"))
        XCTAssertEqual(mailbox.close(), ["queued"])
        XCTAssertFalse(mailbox.post("late"), "nobody reads a closed mailbox")
        XCTAssertEqual(mailbox.take(), [])
        XCTAssertEqual(received, [])
    }
}
