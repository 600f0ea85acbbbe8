import Foundation
import XCTest
@testable import SSH
import TestSupport
import LibC

/// The session channel's receive window on a slow link (ADR 0030), counted in bytes: through
/// a shaper with a bounded bottleneck queue, a flood at a shell prompt is interrupted with
/// Ctrl+C; what still arrives before the prompt is bounded by the window, and the window by
/// the link's bandwidth-delay product (the 2 MiB window Drover opened channels with before
/// let about 2 MiB arrive).
final class ReceiveWindowTests: XCTestCase {
    private var fixture: SSHFixture!

    override func setUpWithError() throws { fixture = try SSHFixture() }
    override func tearDown() { fixture.tearDown() }

    /// 1 MiB/s with 100 ms round trip: a bandwidth-delay product of 100 KiB.
    private let rateKiB = 1024
    private let delayEachWay = 50
    private let prompt = Array("42-READY ".utf8)

    func testAfterCtrlCOnlyWhatTheWindowHeldArrivesAndTheWindowFitsTheLink() throws {
        let shaper = try LinkShaper(target: fixture.sshd.port, delayMilliseconds: delayEachWay, rateKiB: rateKiB,
                                    queueKiB: 64)
        defer { shaper.tearDown() }
        let expected = try fixture.sshd.hostKeyFingerprint()
        let session = try SSHSession.open(
            to: SSHEndpoint(host: "127.0.0.1", port: shaper.port, user: fixture.user),
            verifyHostKey: { key in
                guard key.fingerprint == expected else { throw TestSupportError("unexpected host key") }
            }, credentials: SSHCredentials(privateKeys: [try fixture.clientKey()]))
        // The prompt is computed, so the typed command's echo never looks like it.
        let channel = try session.exec("PS1='$((6*7))-READY ' exec bash --norc --noprofile -i",
                                       pty: SSHPTYRequest(columns: 80, rows: 24))
        var reader = WindowedReader(channel: channel, session: session)
        try reader.read(until: { $0.contains(self.prompt) })

        let line = Array("0123456789abcdefghij\r\n".utf8)
        try channel.writeAll(Array("yes 0123456789abcdefghij | head -c 100000000\r".utf8))
        // Past the command's echo, 1.5 MiB of the flood: long enough for the window to settle.
        try reader.read(until: { $0.count > 1_500_000 })
        let flood = reader.received
        try channel.writeAll([3])
        let beforeInterrupt = reader.received.count
        try reader.read(until: { $0.suffix(from: beforeInterrupt).contains(self.prompt) })
        let afterInterrupt = reader.received.count - beforeInterrupt

        let window = channel.receiveWindow
        let product = rateKiB * 1024 * 2 * delayEachWay / 1000
        XCTAssertLessThanOrEqual(window.largest, ChannelReceiveWindow.ceiling + ChannelReceiveWindow.readSize)
        XCTAssertLessThanOrEqual(window.largest, 8 * product,
                                 "the window stays within a few bandwidth-delay products (round trip \(String(describing: window.roundTrip)))")
        XCTAssertGreaterThan(window.largest, ChannelReceiveWindow.initial + ChannelReceiveWindow.readSize,
                             "the window grew above its floor on a link that needs more")
        // In flight at the key: the window's worth (on the way, or waiting in sshd) plus what
        // was granted while the key travelled; the pty's own queue is flushed by the interrupt.
        XCTAssertLessThanOrEqual(afterInterrupt, 2 * window.largest + 64 * 1024,
                                 "bytes after Ctrl+C: \(afterInterrupt), largest window \(window.largest)")

        // Nothing dropped: after the echo, whole lines in order up to the last partial one.
        let start = try XCTUnwrap(flood.firstRange(of: line)).lowerBound
        let body = flood[start...]
        let whole = body.count / line.count * line.count
        XCTAssertTrue(zip(body.prefix(whole), (0..<whole).map { line[$0 % line.count] }).allSatisfy { $0 == $1 },
                      "the flood arrived whole and in order")
    }

    func testOnLoopbackAFloodGrowsTheWindowFarAboveTheFloor() throws {
        let session = try fixture.session()
        let size = 16 << 20
        let channel = try session.exec("head -c \(size) /dev/zero")
        var count = 0
        var ended = false
        while !ended {
            // 16 KiB at a time, as the attach loop reads.
            let output = try channel.readAvailable(limit: 16 * 1024)
            count += output.stdout.count
            ended = output.reachedEOF
            if ended || output.hasMore || !output.isEmpty { continue }
            var pfd = pollfd(fd: session.socketDescriptor, events: session.blockDirections.pollEvents | Int16(POLLIN),
                             revents: 0)
            guard poll(&pfd, 1, 30_000) > 0 else { throw TestSupportError("no output for 30 s after \(count) bytes") }
        }
        XCTAssertEqual(count, size, "every byte arrived")
        // Anything faster than 64 KiB per 25 ms is a link whose window drains in no time.
        let window = channel.receiveWindow
        XCTAssertGreaterThan(window.largest, 4 * (ChannelReceiveWindow.initial + ChannelReceiveWindow.readSize),
                             "round trip \(String(describing: window.roundTrip))")
        XCTAssertLessThanOrEqual(window.largest, ChannelReceiveWindow.ceiling + ChannelReceiveWindow.readSize)
    }
}

/// Reads a channel in a poll(2) loop as a console would, keeping everything.
private struct WindowedReader {
    let channel: SSHChannel
    let session: SSHSession
    private(set) var received: [UInt8] = []

    init(channel: SSHChannel, session: SSHSession) {
        self.channel = channel
        self.session = session
    }

    mutating func read(until done: ([UInt8]) -> Bool) throws {
        while !done(received) {
            let output = try channel.readAvailable()
            received += output.stdout
            if output.reachedEOF { throw TestSupportError("the shell ended: \(received.suffix(200).text)") }
            if output.hasMore || !output.isEmpty { continue }
            var pfd = pollfd(fd: session.socketDescriptor, events: session.blockDirections.pollEvents, revents: 0)
            pfd.events |= Int16(POLLIN)
            guard poll(&pfd, 1, 30_000) > 0 else { throw TestSupportError("no output for 30 s: \(received.suffix(200).text)") }
        }
    }
}
