import XCTest
@testable import SSH

/// One channel as libssh2 1.10 handles its requests: a call sends its request the first time,
/// then reads the packets that have arrived one at a time and takes the first answer it reads,
/// whichever request it answers. `arrivals` says how many answers have arrived once a request
/// is sent (the server answers in request order); while collecting, a call that finds none
/// waits for the next.
private final class SimulatedChannel {
    let answers: [Int32]
    let arrivals: (Int) -> Int
    var failSending: [Int: Int32] = [:]
    /// Once this many answers were taken, reading fails with this code (a lost connection).
    var failReading: (after: Int, code: Int32)?
    /// The next request goes out only on the call that brings this to zero; the calls before
    /// leave it half sent.
    var blockedSends = 0
    private(set) var waitedToSend: [Int] = []
    private(set) var awaited: [Int] = []
    /// Whether a request's call has sent it and not yet taken an answer.
    private var inFlight: [Bool]
    private var sentCount = 0
    private var arrived = 0
    private var taken = 0

    init(answers: [Int32], arrivals: @escaping (Int) -> Int) {
        self.answers = answers
        self.arrivals = arrivals
        inFlight = Array(repeating: false, count: answers.count)
    }

    func call(_ index: Int) -> Int32 {
        if !inFlight[index] {
            if let failure = failSending[index] { return failure }
            if blockedSends > 0 {
                blockedSends -= 1
                if blockedSends > 0 { return RequestPipeline.wouldBlock }  // still half sent
            }
            inFlight[index] = true
            sentCount += 1
            arrived = max(arrived, min(arrivals(index), sentCount))
        }
        if let failure = failReading, taken == failure.after { return failure.code }
        guard taken < arrived else { return RequestPipeline.wouldBlock }
        inFlight[index] = false
        taken += 1
        return answers[taken - 1]
    }

    func run() throws -> [Int32] {
        try RequestPipeline.run(
            (0..<answers.count).map { index in { self.call(index) } },
            sendBlocked: { self.blockedSends > 0 },
            waitToSend: { self.waitedToSend.append($0) },
            collect: { index, awaited in
                self.awaited.append(awaited)
                let code = self.call(index)
                guard code == RequestPipeline.wouldBlock else { return code }
                self.arrived = min(self.arrived + 1, self.sentCount)
                return self.call(index)
            })
    }
}

final class RequestPipelineTests: XCTestCase {
    /// setenv refused (no AcceptEnv), the PTY and the command accepted.
    let envRefused: [Int32] = [RequestPipeline.refused, 0, 0]

    func testAnswersCollectedAfterSendingGoToTheirRequests() throws {
        let channel = SimulatedChannel(answers: envRefused, arrivals: { _ in 0 })
        XCTAssertEqual(try channel.run(), envRefused)
        XCTAssertEqual(channel.awaited, [0, 1, 2])
    }

    /// The race the many-host benchmark met: the setenv's refusal had arrived when the PTY
    /// request was sent, so the PTY call took it; the PTY's own answer went to the command
    /// call. Matched by arrival order, the refusal is still the setenv's, and the setenv
    /// call, collecting last, waits for the command's answer (a timeout names the command).
    func testAnAnswerTakenByALaterCallIsGivenToItsOwnRequest() throws {
        let channel = SimulatedChannel(answers: envRefused, arrivals: { index in index })
        XCTAssertEqual(try channel.run(), envRefused)
        XCTAssertEqual(channel.awaited, [2])
    }

    func testAnswersThatArriveAtOnceAreEachTheirOwn() throws {
        let channel = SimulatedChannel(answers: envRefused, arrivals: { index in index + 1 })
        XCTAssertEqual(try channel.run(), envRefused)
        let refusedTerminal: [Int32] = [0, RequestPipeline.refused, 0]
        let quick = SimulatedChannel(answers: refusedTerminal, arrivals: { index in index })
        XCTAssertEqual(try quick.run(), refusedTerminal)
    }

    /// A request that cannot be sent stops the sending: the ones sent before it still get
    /// their answers, it and the rest report its failure.
    func testASendFailureStandsForTheRequestsWithoutAnswers() throws {
        let lost: Int32 = -7
        let channel = SimulatedChannel(answers: envRefused, arrivals: { index in index })
        channel.failSending[1] = lost
        XCTAssertEqual(try channel.run(), [RequestPipeline.refused, lost, lost])
    }

    /// The connection fails while answers are collected: the answers taken keep their
    /// requests, the rest report the failure, and no call is repeated after it.
    func testAFailureWhileCollectingStandsForTheRest() throws {
        let lost: Int32 = -13
        let channel = SimulatedChannel(answers: envRefused, arrivals: { _ in 0 })
        channel.failReading = (after: 1, code: lost)
        XCTAssertEqual(try channel.run(), [RequestPipeline.refused, lost, lost])
        XCTAssertEqual(channel.awaited, [0, 1])
    }

    func testACollectThatThrowsEndsTheRun() {
        struct TimedOut: Error {}
        XCTAssertThrowsError(try RequestPipeline.run([{ RequestPipeline.wouldBlock }], sendBlocked: { false },
                                                     waitToSend: { _ in }, collect: { _, _ in throw TimedOut() })) {
            XCTAssertTrue($0 is TimedOut)
        }
    }

    /// A request libssh2 could not finish sending is sent again once the socket took the
    /// bytes before it, and only then counts as sent.
    func testAHalfSentRequestIsFinishedBeforeTheNext() throws {
        let channel = SimulatedChannel(answers: envRefused, arrivals: { index in index })
        channel.blockedSends = 3
        XCTAssertEqual(try channel.run(), envRefused)
        XCTAssertEqual(channel.waitedToSend, [0, 0])
    }
}
