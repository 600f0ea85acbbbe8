import Foundation
import LibC

/// A shaped loopback link in front of a test server: `scripts/link-shaper` (the same proxy the
/// benchmarks use, ADR 0014) forwarding 127.0.0.1:`port` to 127.0.0.1:`target` with a delay
/// each way, optional jitter and a bandwidth cap. `blackhole(true)` holds every byte in both
/// directions without closing anything, as a sleeping laptop's Wi-Fi looks to the other end.
public final class LinkShaper: @unchecked Sendable {
    public let port: Int
    private let child: ChildProcess

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/link-shaper").path

    /// Starts the shaper and waits for the port it listens on.
    /// `trace`: a file the shaper appends "time up|down bytes" to per read and "time accept 0"
    /// per connection accepted, times on CLOCK_MONOTONIC (see `roundTrips`, `accepts`).
    /// `queueKiB`: the bound of the queue in front of the `rateKiB` cap (0: none), so TCP
    /// back-pressure reaches the sender as on a real link.
    public init(target: Int, delayMilliseconds: Int = 0, jitterMilliseconds: Int = 0, rateKiB: Int = 0,
                queueKiB: Int = 0, trace: String? = nil) throws {
        (child, port) = try ListeningLine.startPython([LinkShaper.script, "--target", String(target),
                                                        "--delay-ms", String(delayMilliseconds),
                                                        "--jitter-ms", String(jitterMilliseconds),
                                                        "--rate-kib", String(rateKiB),
                                                        "--queue-kib", String(queueKiB)]
                                                       + (trace.map { ["--trace", $0] } ?? []),
                                                       name: "scripts/link-shaper", byHand: "run it by hand to see why")
    }

    /// How many times the client had to wait for the server, from a trace taken through a shaper
    /// with `delayMilliseconds` each way. A client write starts a new round trip only if it
    /// could be an answer: some server bytes read since the current round trip began reached
    /// the client (a delay after the shaper read them) before the shaper read this write. A
    /// burst the client wrote in pieces, kept from the CPU between them, stays one round trip
    /// unless the gap outlasts a whole round trip (two delays and the server's turn); counting
    /// mere changes of direction split it at one delay.
    public static func roundTrips(trace: String, delayMilliseconds: Int) throws -> Int {
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let delay = Double(delayMilliseconds) / 1000
        var trips = 0
        var tripStart = -Double.infinity
        var serverReads: [Double] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 3, let time = Double(words[0]) else { continue }
            switch words[1] {
            case "down": serverReads.append(time)
            case "up":
                let answers = trips == 0 || serverReads.contains { $0 > tripStart && $0 + delay <= time }
                if answers { trips += 1; tripStart = time }
            default: continue
            }
        }
        return trips
    }

    /// When the shaper accepted each connection, in seconds on CLOCK_MONOTONIC (`monotonicNow`).
    public static func accepts(trace: String) throws -> [Double] {
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.count == 3 && words[1] == "accept" ? Double(words[0]) : nil
        }
    }

    /// Now on CLOCK_MONOTONIC, the clock of the trace's times, in seconds.
    public static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Holds (true) or releases (false) all traffic through the shaper.
    public func blackhole(_ on: Bool) {
        child.signal(on ? SIGUSR1 : SIGUSR2)
    }

    /// Closes both sides of every connection accepted before the blackhole began, dropping the
    /// bytes they hold: the path died for good, so nothing typed into it ever reaches the host
    /// (a reconnect made during the blackhole stays and moves once it is released).
    public func cutConnectionsBeforeBlackhole() {
        child.signal(SIGHUP)
    }

    public func tearDown() {
        child.terminate()
    }
}
