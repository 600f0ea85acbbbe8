import XCTest
import Loop
@testable import Sessions

/// `ctrl+] o`'s lookups answer on the loop, never inside the call, even when no thread can be
/// made for them: the loop thread serves every host, so it never does the lookup itself.
final class HostLookupTests: XCTestCase {
    func testWithoutAThreadTheNameIsNotResolvedOnTheLoopAndTheFailureSaysWhy() throws {
        let loop = try EventLoop()
        let resolved = Counter()
        let lookup = try HostLookup(resolve: { _ in resolved.add(); throw HostLookup.Failure(description: "not asked") },
                                    listSessions: nil, loop: loop,
                                    startThread: { _ in throw WorkerThread.Unavailable() })
        var answers: [Result<AttachTarget, HostLookup.Failure>] = []
        lookup.lookUp("box") { answers.append($0) }
        XCTAssertTrue(answers.isEmpty, "the answer comes as a loop event, not inside lookUp")
        for _ in 0..<20 where answers.isEmpty { try loop.runOnce() }
        XCTAssertEqual(answers.count, 1)
        guard case .failure(let failure) = answers.first else { return XCTFail("\(answers)") }
        XCTAssertTrue(failure.description.hasPrefix("the system refused Drover a new thread"), failure.description)
        XCTAssertEqual(resolved.value, 0, "the resolver never ran on the caller's thread")
    }

    func testWithAThreadTheResolverAnswersOnTheLoop() throws {
        let loop = try EventLoop()
        let lookup = try HostLookup(resolve: { _ in throw HostLookup.Failure(description: "no host named 'box'") },
                                    listSessions: nil, loop: loop)
        var answers: [Result<AttachTarget, HostLookup.Failure>] = []
        lookup.lookUp("box") { answers.append($0) }
        for _ in 0..<200 where answers.isEmpty { try loop.runOnce() }
        guard case .failure(let failure) = answers.first else { return XCTFail("\(answers)") }
        XCTAssertEqual(failure.description, "no host named 'box'")
    }
}

/// A count bumped from any thread.
private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched with `lock` held.
    private let lock = Lock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
