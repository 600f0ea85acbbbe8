import Console
import Loop
import TextSafety
import VT

/// Turns what the person names into a host of the running attach: the command line's targets
/// at the start, and a host opened with `ctrl+] o` later (issue 27). It keeps what every
/// `LinkDriver` of the run is made with (keepalive, prediction, the agent socket) and the
/// resolver the command line hands in (`AttachController.resolveHost`: the registry, ssh_config
/// and `user@host[:port]`, which live in DroverCLI, above Sessions).
struct HostFactory {
    /// Turns a typed name or address into a target; throws an error whose description says
    /// what to do.
    typealias Resolve = @Sendable (String) throws -> AttachTarget

    let resolve: Resolve?
    let keepaliveInterval: Int
    /// `--predict`; nil: each host's own setting.
    let predict: PredictionMode?
    let agentSocket: String?

    /// A driver for `target` as host `index`, its screen at the local size.
    func driver(index: Int, target: AttachTarget, inFront: Bool, size: (columns: Int, rows: Int),
                loop: EventLoop) throws -> LinkDriver {
        try LinkDriver(index: index, target: target, terminal: Terminal(columns: size.columns, rows: size.rows),
                       inFront: inFront, loop: loop, keepaliveInterval: keepaliveInterval,
                       predict: predict ?? target.host?.predict ?? .auto, agentSocket: agentSocket)
    }

    /// The question `ctrl+] o` asks.
    static var openPrompt: LinePrompt {
        LinePrompt(title: "Open a host",
                   lines: ["Add a host to this attach: a name from 'drover hosts', an ~/.ssh/config Host,",
                           "or user@host[:port]. Enter opens it; Escape cancels."],
                   echo: true)
    }

    /// The question `ctrl+] X` asks before closing `name`; a session is said to keep running
    /// only where one was reached (`keepsSession`: a herdr host that attached), as on detach.
    static func closePrompt(_ name: String, keepsSession: Bool) -> LinePrompt {
        let first = keepsSession ? "Close \(name) in this Drover? Its herdr session keeps running there;"
                                 : "Close \(name) in this Drover?"
        return LinePrompt(title: "Close \(name)",
                          lines: [first, "the host list (\(PrefixKeyHandler.keys(for: .pickHost))) opens it again. Type y and Enter to close."],
                          echo: true)
    }
}
