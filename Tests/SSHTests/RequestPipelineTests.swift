import XCTest
@testable import SSH

/// One channel as libssh2 1.10 handles its requests: a call sends its request the first time
/// and then takes the first answer that has arrived for the channel, whichever request it
/// answers. `arrivals` says how many answers have arrived once a request is sent (the server
/// answers in request order); while collecting, a call that finds none waits for the next.
private final class SimulatedChannel {
    let answers: [Int32]
    let arrivals: (Int) -> Int
    var failSending: [Int: Int32] = [:]
    /// Whether a request's call has sent it and not yet taken an answer.
    private var inFlight: [Bool]
    private var sentCount = 0
    private var delivered = 0
    private var inbox: [Int32] = []

    init(answers: [Int32], arrivals: @escaping (Int) -> Int) {
        self.answers = answers
        self.arrivals = arrivals
        inFlight = Array(repeating: false, count: answers.count)
    }

    private func deliver(upTo count: Int) {
        while delivered < min(count, sentCount) {
            inbox.append(answers[delivered])
            delivered += 1
        }
    }

    func call(_ index: Int) -> Int32 {
        if !inFlight[index] {
            if let failure = failSending[index] { return failure }
            inFlight[index] = true
            sentCount += 1
            deliver(upTo: arrivals(index))
        }
        guard !inbox.isEmpty else { return RequestPipeline.wouldBlock }
        inFlight[index] = false
        return inbox.removeFirst()
    }

    func collect(_ index: Int) -> Int32 {
        let code = call(index)
        guard code == RequestPipeline.wouldBlock else { return code }
        deliver(upTo: delivered + 1)
        return call(index)
    }

    func run() throws -> [Int32] {
        try RequestPipeline.run((0..<answers.count).map { index in { self.call(index) } },
                                sendBlocked: { false }, waitToSend: { _ in },
                                collect: { self.collect($0) })
    }
}

final class RequestPipelineTests: XCTestCase {
    /// setenv refused (no AcceptEnv), the PTY and the command accepted.
    let envRefused: [Int32] = [RequestPipeline.refused, 0, 0]

    func testAnswersCollectedAfterSendingGoToTheirRequests() throws {
        let channel = SimulatedChannel(answers: envRefused, arrivals: { _ in 0 })
        XCTAssertEqual(try channel.run(), envRefused)
    }

    /// The race the many-host benchmark met: the setenv's refusal had arrived when the PTY
    /// request was sent, so the PTY call took it; the PTY's own answer went to the command
    /// call. Matched by arrival order, the refusal is still the setenv's.
    func testAnAnswerTakenByALaterCallIsGivenToItsOwnRequest() throws {
        let channel = SimulatedChannel(answers: envRefused, arrivals: { index in index })
        XCTAssertEqual(try channel.run(), envRefused)
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
}
