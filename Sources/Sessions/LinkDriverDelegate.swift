import SSH

/// What a link tells the attach run it belongs to. The run alone knows which host is in front,
/// what the overlay shows and when Drover ends; a driver knows only its own link.
protocol LinkDriverDelegate: AnyObject {
    /// Output from the host, before the driver feeds it to its screen (the recording and the
    /// history snapshots see it; the front view, if it shows this host, is told by the screen).
    func driver(_ driver: LinkDriver, received output: UnsafeRawBufferPointer)
    /// Something the status line shows changed: the state, a keepalive notice, waiting keys.
    func driverStatusChanged(_ driver: LinkDriver)
    /// Output was read: the run's `AlertCentre` takes any bell, notification or clipboard
    /// write the emulator counted and decides what the person gets.
    func driverAlerted(_ driver: LinkDriver)
    /// A keepalive went unanswered: the "no answer for N s" line starts counting.
    func driverFellSilent(_ driver: LinkDriver)
    /// The link dropped or an attempt failed. The connection is gone and the lifecycle has
    /// been told; `wasAttached` says whether any connection of this run got attached, and
    /// `keptItsKeys` whether an attached connection went with keys it took without proof or had
    /// not sent, now kept for the next one (ADR 0031).
    func driverLost(_ driver: LinkDriver, wasAttached: Bool, keptItsKeys: Bool)
    /// The remote command ended; `exit` is what the channel reported (nil if it could not say).
    func driver(_ driver: LinkDriver, ended exit: SSHExit?)
    /// A remark about the link that is no failure of it (the local agent cannot be reached).
    func driver(_ driver: LinkDriver, notes text: String)
    /// The backoff is over: the run starts the next attempt.
    func driverReconnectDue(_ driver: LinkDriver)
    /// True once Drover is ending (a detach): the loop only finishes its round, and feeding
    /// more output would only delay the exit.
    var isEnding: Bool { get }
}
