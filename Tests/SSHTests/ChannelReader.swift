import Foundation
import SSH

/// Test helper: reads a channel until its stdout contains some text, waiting on the
/// session's socket (poll) between reads; the deadline only guards against a hang.
struct ChannelReader {
    let channel: SSHChannel
    var collected: [UInt8] = []

    init(_ channel: SSHChannel) { self.channel = channel }

    var text: String { String(decoding: collected, as: UTF8.self) }

    /// Reads until `needle` appears after `from` (a byte offset); returns the text after `from`.
    mutating func read(until needle: String, timeout: Double = 10) throws -> String {
        let start = collected.count
        let deadline = ContinuousClock.now + .seconds(timeout)
        while true {
            let output = try channel.readAvailable()
            collected += output.stdout
            let fresh = String(decoding: collected[start...], as: UTF8.self)
            if fresh.contains(needle) { return fresh }
            if output.reachedEOF { throw ReaderError("EOF before '\(needle)'; got: \(fresh)") }
            let left = deadline - ContinuousClock.now
            if output.isEmpty { try channel.session.waitUntilReady(timeout: Double(left.components.seconds) + 0.1) }
        }
    }

    struct ReaderError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
