import Foundation
import Hosts
import TextSafety

/// The question `ctrl+] o` asks once it has resolved a host that runs herdr's own attach
/// command: the sessions herdr there listed (`herdr session list --json`, asked off the loop by
/// `HostLookup`), to pick by number or name, or a new name to start one; Enter takes herdr's
/// default session. When the list could not be had, the question says why and still takes a name.
struct HerdrSessionQuestion {
    /// Sessions shown by number; more are still taken by name.
    static let shownAtMost = 9

    let host: String
    private let sessions: [HerdrSessionList.Session]
    private let failure: String?

    /// `listed`: herdr's answer, or why there is none.
    init(host: String, listed: Result<HerdrSessionList, HostLookup.Failure>) {
        self.host = host
        switch listed {
        case .success(let list): (sessions, failure) = (list.sessions, nil)
        case .failure(let why): (sessions, failure) = ([], why.description)
        }
    }

    var prompt: LinePrompt {
        var lines: [String]
        if let failure {
            lines = ["\(host)'s herdr sessions could not be listed: \(SafeText.escaped(failure))"]
        } else if sessions.isEmpty {
            lines = ["\(host) has no herdr sessions yet."]
        } else {
            lines = ["\(host)'s herdr sessions:"]
            for (number, session) in sessions.prefix(Self.shownAtMost).enumerated() {
                let notes = [session.default == true ? "default" : nil, session.running == false ? "stopped" : "running"]
                lines.append("  \(number + 1)  \(SafeText.escaped(session.name))  (\(notes.compactMap { $0 }.joined(separator: ", ")))")
            }
            if sessions.count > Self.shownAtMost {
                lines.append("  … and \(sessions.count - Self.shownAtMost) more (type the name)")
            }
        }
        let pick = sessions.isEmpty ? "Type a session name to start one" : "Type a number or a session's name (a new name starts one)"
        lines.append(pick + "; Enter opens herdr's default session. Escape cancels.")
        return LinePrompt(title: "Session on \(host)", lines: lines, echo: true)
    }

    /// The session `answer` names: nil for herdr's default (Enter, or the default session's
    /// number or name), else the name to attach (checked when the target is made).
    func session(for answer: String) -> String? {
        let text = answer.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        var chosen = text
        if let number = Int(text), number <= Self.shownAtMost, sessions.indices.contains(number - 1) {
            chosen = sessions[number - 1].name
        }
        return sessions.contains(where: { $0.name == chosen && $0.default == true }) ? nil : chosen
    }
}
