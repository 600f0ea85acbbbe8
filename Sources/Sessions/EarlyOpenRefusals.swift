#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Loop
import SSH

/// The endpoints whose server left the session channel opened behind the login unanswered
/// (ADR 0017), for the rest of this process: every reconnect to them opens after the login
/// instead of waiting out the same silence again.
final class EarlyOpenRefusals: @unchecked Sendable {
    // @unchecked: `refused` is only touched with `lock` held (NSLock: Mutex needs macOS 15).
    static let shared = EarlyOpenRefusals()
    private let lock = Lock()
    private var refused: Set<String> = []

    func contains(_ endpoint: SSHEndpoint) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return refused.contains(endpoint.hostAndPort)
    }

    func insert(_ endpoint: SSHEndpoint) {
        lock.lock(); defer { lock.unlock() }
        refused.insert(endpoint.hostAndPort)
    }
}
