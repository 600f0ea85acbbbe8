import Hosts

/// What the command line chose for the remote's requests of the person: the clipboard policy
/// for every host of the run (nil: each host's own, default write), desktop notifications
/// (`NotifyChoice`), and
/// the recording of the first host named, and the program that copies to the local clipboard
/// instead of OSC 52.
public struct AttachAlertOptions {
    public var clipboard: ClipboardPolicy?
    public var notify: NotifyChoice
    public var recorder: CastRecorder?
    /// `--copy-command CMD`, run through `/bin/sh -c` (`CopyCommand`).
    public var copyCommand: String?
    /// `--paste-images on|off` for every host of the run (nil: each host's own, default on;
    /// ADR 0016). Kept here with the other per-run overrides of host settings.
    public var pasteImages: Bool?

    public init(clipboard: ClipboardPolicy? = nil, notify: NotifyChoice = NotifyChoice(), recorder: CastRecorder? = nil,
                copyCommand: String? = nil) {
        self.clipboard = clipboard
        self.notify = notify
        self.recorder = recorder
        self.copyCommand = copyCommand
    }
}
