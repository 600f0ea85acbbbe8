/// One host's connection attempts over a run, as a value: its `LinkLifecycle` (state,
/// generation, backoff) and what the run's earlier attempts decide about retrying a loss. The
/// host's `LinkDriver` reports what happened and does the I/O the answers call for, so these
/// decisions are tested without sshd (`LinkAttemptsTests`).
///
/// A loss before the first attach is not retried (like ssh), with one exception: right after
/// the person trusted a new host key, since a server that stopped waiting for that answer
/// (sshd's LoginGraceTime) is no reason to give up. After the first attach, recoverable
/// losses reconnect with the lifecycle's backoff (only the host in front, by itself).
struct LinkAttempts: Sendable {
    private(set) var lifecycle: LinkLifecycle
    /// True once any connection of this run reached the remote command.
    private(set) var attachedOnce = false
    /// The person trusted this host's new key and it has not attached since: the next loss
    /// before attaching is retried once (the key is pinned by then, so no question repeats).
    private var justTrustedKey = false
    /// An attach written for a learned Windows shell failed: the next attempt probes it again
    /// (until a connection attaches); `shellRechecked` keeps that to once a run (ADR 0032).
    private(set) var recheckWindowsShell = false
    private var shellRechecked = false
    /// The current connection's line was written for the shell the registry remembered (not
    /// one set by the person, nor one probed on that connection), and whether its session has
    /// drawn herdr's screen (`sessionDrew`): only a remembered line that failed before that is
    /// suspected of being in the wrong shell's syntax.
    private var lineFromRememberedShell = false
    private(set) var sessionDrew = false
    /// Whether the next connection's line kills the sshd of the one before (ADR 0031).
    private var fence = LinkFence()

    init(host: String, inFront: Bool, policy: ReconnectPolicy = ReconnectPolicy()) {
        lifecycle = LinkLifecycle(host: host, policy: policy, inFront: inFront)
    }

    /// Whether the host is the one shown (hidden hosts wait to be switched to).
    var inFront: Bool {
        get { lifecycle.inFront }
        set { lifecycle.inFront = newValue }
    }

    /// The session showed its full screen (herdr's UI is up): a later failure is herdr's own.
    mutating func drew() { sessionDrew = true }

    /// The remote command ended, `failed` (a non-zero status, not a signal): whether the next
    /// attempt probes the Windows shell again. Only when the line came from the remembered
    /// shell, the session never drew, and this run has not re-probed yet (ADR 0032).
    mutating func rechecksShell(afterFailure failed: Bool) -> Bool {
        guard failed, lineFromRememberedShell, !sessionDrew, !shellRechecked else { return false }
        recheckWindowsShell = true
        shellRechecked = true
        return true
    }

    /// A new attempt begins; returns its generation.
    mutating func begin(address: String) -> UInt64 {
        lifecycle.beginConnect(address: address)
    }

    /// Applies `event` of attempt `generation` (stale ones change nothing).
    mutating func handle(_ event: LinkLifecycle.Event, generation: UInt64, now: ContinuousClock.Instant = .now) {
        lifecycle.handle(event, generation: generation, now: now)
    }

    /// The person answered the trust question of attempt `generation`; a yes lets the next
    /// loss before attaching be retried once.
    mutating func trustAnswered(_ trusted: Bool, generation: UInt64) {
        lifecycle.handle(.trustAnswered(trusted), generation: generation)
        if trusted { justTrustedKey = true }
    }

    /// Attempt `generation` reached the remote command, with a line written for the remembered
    /// Windows shell or not; a re-probe asked for is done by then.
    mutating func attached(generation: UInt64, lineFromRememberedShell: Bool = false) {
        lifecycle.handle(.attached, generation: generation)
        attachedOnce = true
        justTrustedKey = false
        self.lineFromRememberedShell = lineFromRememberedShell
        sessionDrew = false
        recheckWindowsShell = false
        fence.attached()
    }

    /// What the line of attempt `generation` does about the sshd fence.
    func fenceRequest(generation: UInt64) -> LinkFence.Request { fence.request(generation: generation) }

    /// A loss happened: whether a recoverable one is retried (attached before, or a key was
    /// just trusted; that exception is used up). Report it with `handle(.lost(…))` once the
    /// connection is gone, with this answer as its `recoverable`.
    /// `unprovenKeys`: the lost connection's channel had taken keys not yet proven received,
    /// so the next line fences off its sshd.
    mutating func retriesLoss(recoverable: Bool, unprovenKeys: Bool = false) -> Bool {
        fence.lost(unprovenKeys: unprovenKeys)
        defer { justTrustedKey = false }
        return recoverable && (attachedOnce || justTrustedKey)
    }
}
