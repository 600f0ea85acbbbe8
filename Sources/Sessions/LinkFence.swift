import Files
import Hosts
import Identity

/// One host's side of the sshd fence (`SSHDFence`, ADR 0031): this run's token, and whether
/// the next connection must first kill the sshd the last one recorded. That is due when a link
/// is lost holding keys the channel took without proof of receipt: they may wait unread in a
/// stopped sshd, and they are sent again on the next connection. A connection that attached
/// ran its line (and with it the kill), so the fence is not due after it until a link is lost
/// with unproven keys again. Keys typed while away never reached an sshd and need no fence.
struct LinkFence {
    /// This run's mark in the host's record (random, per host of the run).
    let token: String
    private(set) var due = false

    init(token: String = LinkFence.randomToken()) {
        self.token = token
    }

    /// The link was lost; `unprovenKeys`: the channel had taken keys not yet proven received.
    mutating func lost(unprovenKeys: Bool) {
        if unprovenKeys { due = true }
    }

    /// A connection reached the remote command with the line `request` asked for.
    mutating func attached() {
        due = false
    }

    /// What the line of connection attempt `generation` asks for.
    func request(generation: UInt64) -> Request {
        Request(token: token, generation: generation, stopsRecorded: due)
    }

    /// The fence asked of one connection attempt (handed to its connect thread).
    struct Request: Equatable, Sendable {
        let token: String
        /// The attempt's generation (`LinkLifecycle`): a stale attempt's line leaves a newer
        /// one's record and sshd alone.
        let generation: UInt64
        let stopsRecorded: Bool

        /// The attach line for `target` with the fence; nil where the line has no fence
        /// (Windows, a `--command`).
        func command(for target: AttachTarget, root: DroverRoot) -> String? {
            let fence = SSHDFence(name: Self.recordName(for: target, root: root), token: token,
                                  generation: generation, stopsRecorded: stopsRecorded)
            return fence.flatMap(target.fencedCommand)
        }

        /// The record's name: this device's key (`root`'s; its directory when there is none
        /// yet), the host's endpoint (two hosts may share a home over NFS) and the herdr session.
        static func recordName(for target: AttachTarget, root: DroverRoot) -> String {
            let device = ((try? DeviceKey.load(root: root)) ?? nil)?.fingerprint ?? root.path
            let named = "\(device) \(target.endpoint) \(target.herdrSession ?? "")"
            return String(ContentDigest.sha256Hex(Array(named.utf8)).prefix(16))
        }
    }

    static func randomToken() -> String {
        String(UInt64.random(in: 1...UInt64.max) >> 16, radix: 16)
    }
}
