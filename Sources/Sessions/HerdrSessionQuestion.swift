#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import TextSafety

/// The question `ctrl+] o` asks once it has resolved a host that runs herdr's own attach
/// command: the sessions herdr there listed (`herdr session list --json`, asked off the loop by
/// `HostLookup`), to pick by number or name, or a new name to start one; Enter takes herdr's
/// default session. When the list could not be had, the question says why and still takes a name.
/// (The listing checks the host key only: an unknown key fails it, and the open asks.)
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

    /// What an answer chose.
    enum Choice: Equatable {
        /// herdr's default session (Enter, or the default session's number or name).
        case defaultSession
        /// This session, listed or new (its name is checked when the target is made).
        case named(String)
        /// No choice: ask again with this hint (a number not on the list).
        case again(hint: String)
    }

    /// The question, with `hint` above the answer line when the last answer chose nothing.
    func prompt(hint: String? = nil) -> LinePrompt {
        var lines: [String]
        if let failure {
            lines = ["\(host)'s herdr sessions could not be listed: \(SafeText.escaped(failure))"]
        } else if sessions.isEmpty {
            lines = ["\(host) has no herdr sessions yet."]
        } else {
            lines = ["\(host)'s herdr sessions:"]
            for (number, session) in sessions.prefix(numbered).enumerated() {
                let notes = [session.default == true ? "default" : nil, session.running == false ? "stopped" : "running"]
                lines.append("  \(number + 1)  \(HerdrSessionList.shown(session.name))  (\(notes.compactMap { $0 }.joined(separator: ", ")))")
            }
            if sessions.count > numbered {
                lines.append("  … and \(sessions.count - numbered) more (type the name)")
            }
        }
        let pick = sessions.isEmpty ? "Type a session name to start one"
            : "Type a number or a session's name (a listed name wins over a number; a new name starts one)"
        lines.append(pick + "; Enter opens herdr's default session. Escape cancels.")
        if let hint { lines.append(hint) }
        return LinePrompt(title: "Session on \(host)", lines: lines, echo: true)
    }

    /// What `answer` chose. The rule: Enter is herdr's default; a listed session's exact name
    /// picks it (so a session called "2" is picked by typing 2); else a number picks from the
    /// list; a number past the list is refused (a mistyped number starts no session called
    /// "3"); any other text names a new session. With nothing listed, every answer is a name.
    func choice(for answer: String) -> Choice {
        let text = answer.trimmingSpaces()
        if text.isEmpty { return .defaultSession }
        var chosen = text
        if !sessions.contains(where: { $0.name == text }), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
           !sessions.isEmpty {
            guard let number = Int(text), (1...numbered).contains(number) else {
                let range = numbered == 1 ? "1" : "1 to \(numbered)"
                return .again(hint: "No session \(String(text.prefix(12))) is listed: type \(range), or a session's name.")
            }
            chosen = sessions[number - 1].name
        }
        return sessions.contains(where: { $0.name == chosen && $0.default == true }) ? .defaultSession : .named(chosen)
    }

    /// How many sessions are numbered.
    private var numbered: Int { min(sessions.count, Self.shownAtMost) }
}
