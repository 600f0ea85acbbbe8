import Render

extension FrontView {
    /// How the front view paces frames and waits for local input; fixed for a run.
    public struct Configuration: Sendable {
        public var capabilities: ConsoleCapabilities
        public var frameInterval: Duration = .milliseconds(8)
        /// Frames are paced to about this many bytes a second: after a big frame (a flood of
        /// coloured or wide characters redraws the whole screen each time) the next one waits
        /// longer than `frameInterval`, so the local terminal is not buried in redraws of
        /// lines nobody can read, and the front view's time goes to the stream. 448 KiB/s is
        /// 4.4% of a 10 MiB/s link's flood (issue 29 allows 5%; 512 KiB/s measured 5.05%).
        public var frameBytesPerSecond = 448 * 1024
        /// The longest wait pacing gives a frame: a flood of full-screen redraws gets 25
        /// frames/s, 6.25 frames in every 250 ms window where 5 keep the 20 frames/s floor,
        /// and under a third of the bytes 83 frames/s wrote (ADR 0034).
        public var longestFrameInterval: Duration = .milliseconds(40)
        /// How long a frame waits for the local terminal to take the last one (TIOCOUTQ).
        public var terminalQueuePacing = TerminalQueuePacing()
        /// How long the view waits for the local terminal's input.
        public var inputWaits = InputWaits()
        public var synchronizedUpdateTimeout: Duration = .milliseconds(150)
        /// How `alert(.notification…)` reaches the local terminal.
        public var notificationStyle = ConsoleAlert.NotificationStyle.osc777

        public init(capabilities: ConsoleCapabilities) {
            self.capabilities = capabilities
        }
    }

    /// The two waits on the local terminal's input (the rest of the configuration paces frames).
    public struct InputWaits: Sendable {
        /// How long a lone ESC from the local terminal waits for the rest of a sequence.
        public var escape: Duration = .milliseconds(25)
        /// How long the local terminal has to answer the keyboard probe before Drover decides
        /// it has no keyboard protocol (a terminal that answers nothing must not leave it
        /// undecided; keys are sent meanwhile). A later DA1 answer still settles it.
        public var keyboardProbe: Duration = .seconds(1)

        public init() {}
    }
}

extension FrontView.Configuration {
    /// The wait after a frame of `bytes` before the next one: `frameInterval`, or the frame's
    /// time at `frameBytesPerSecond` when longer, at most `longestFrameInterval`. A frame that
    /// answers a key (`answeringKey`) waits only the frame's own time: the interval is there so
    /// a stream of output nobody typed does not bury the terminal in redraws, and a person waits
    /// on a key's echo. A pure function, so the pacing is tested by values, not by timing frames.
    public func interval(afterFrameOf bytes: Int, answeringKey: Bool = false) -> Duration {
        let paced = Duration.microseconds(Int64(bytes) * 1_000_000 / Int64(max(frameBytesPerSecond, 1)))
        return max(answeringKey ? .zero : frameInterval, min(paced, max(longestFrameInterval, frameInterval)))
    }
}
