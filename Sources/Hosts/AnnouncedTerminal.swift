/// The terminal Drover names to herdr in the attach command (`TERM_PROGRAM`), so that herdr
/// and the agents in it send their desktop notifications (ADR 0029). Over SSH herdr's client
/// sees no `TERM_PROGRAM` (sshd passes only `LANG`/`LC_*`), and herdr then sends none at all.
///
/// Only names that change nothing else in herdr are used: `ghostty` and `iTerm.app` make herdr
/// send OSC 9 and no more; `WezTerm` would also turn on modifyOtherKeys (`CSI > 4 ; 1 m`), and
/// a kitty identity (`KITTY_WINDOW_ID`) invites `kitty @` remote control, so neither is passed.
public enum AnnouncedTerminal: String, Sendable, CaseIterable {
    case ghostty
    case iTerm = "iTerm.app"

    /// The local terminal's own name when it is one of these (an agent then talks to the host
    /// as to the person's terminal), else `ghostty`: any of them reaches the local terminal as
    /// the notification it takes, since Drover writes that afresh.
    public init(localEnvironment environment: [String: String]) {
        self = environment["TERM_PROGRAM"].flatMap(AnnouncedTerminal.init(rawValue:)) ?? .ghostty
    }
}
