import Hosts
import Sessions
import SSH

/// "Did you mean …?" for a host name the registry does not have, whichever command was given
/// it (`attach demmo`, `doctor demmo`, `hosts show demmo`): the errors that say so come from
/// the Hosts and Sessions modules, which know the name but not how the person got there, so
/// `Drover.run` adds the suggestion on their way out. A name that reached DNS (through
/// ~/.ssh/config, which takes any name, or as a jump host) and was not found there is
/// matched against the registry and the Host names of ~/.ssh/config too.
enum HostNameSuggestion {
    /// `error`'s message with "Did you mean 'NAME'?" after its first sentence when it is an
    /// unknown host name close to a registered one (or, for a name that reached DNS, to a
    /// Host of ~/.ssh/config, which `configured` lists); nil for any other error. A name DNS
    /// failed on that a registered entry uses (`reached`: each entry's hostname and aliases) is
    /// not a typo: DNS is down or the entry is wrong, so no other host is suggested.
    static func message(for error: Error, registered: () -> [String], configured: () -> [String] = { [] },
                        reached: () -> [String] = { [] }) -> String? {
        let typed: String, names: [String]
        switch error {
        case let AttachTargetError.unknown(text, known): (typed, names) = (text, known)
        case let HostStoreError.notFound(name): (typed, names) = (name, registered())
        case let unresolved as UnresolvedHostName: return "\(unresolved)"   // asks among the config's names too
        case let SSHError.hostNotFound(host, _), let SSHError.jumpHost(_, .hostNotFound(host, _)):
            let own = (registered() + reached()).map { $0.lowercased() }
            guard !own.contains(host.lowercased()) else { return nil }
            (typed, names) = (host, registered() + configured())
        default: return nil
        }
        guard let best = Suggestion.closest(to: typed, among: names) else { return nil }
        let text = "\(error)"
        let question = "Did you mean '\(best)'?"
        guard let end = text.firstRange(of: ". ") else { return text + " " + question }
        return text[..<end.upperBound] + question + " " + text[end.upperBound...]
    }
}
