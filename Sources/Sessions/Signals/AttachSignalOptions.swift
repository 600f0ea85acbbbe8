import Hosts

/// What the command line chose for the remote's requests of the person: the clipboard policy
/// for every host of the run (nil: each host's own, default write), desktop notifications, and
/// the recording of the first host named.
public struct AttachSignalOptions {
    public var clipboard: ClipboardPolicy?
    public var notify: Bool
    public var recorder: CastRecorder?

    public init(clipboard: ClipboardPolicy? = nil, notify: Bool = false, recorder: CastRecorder? = nil) {
        self.clipboard = clipboard
        self.notify = notify
        self.recorder = recorder
    }
}
