import Hosts
import SSH

/// Where a host's `--legacy-algorithms` lives, so that a server offering only weak algorithms
/// is answered with the command that allows them for exactly that host (ADR 0021).
enum LegacyAlgorithmsSetting: Equatable {
    /// A registry host: its entry keeps the setting.
    case registered(name: String)
    /// A target given as an address: `attach` takes the setting for this run; `attach` is
    /// what reaches it again (`AttachTarget.attachArguments`: the address, one-off flags, --session),
    /// `register` what `hosts add NAME` takes to keep it (`AttachTarget.registerArguments`).
    case address(SSHEndpoint, attach: String, register: String)
    /// A jump host given as an address: only a registered hop can keep a setting.
    case addressHop(SSHEndpoint)

    /// What follows `drover attach` to reach an address target again (its one-off flags
    /// included); nil for a registered host or a hop.
    var attachArguments: String? {
        if case .address(_, let attach, _) = self { return attach }
        return nil
    }

    /// What follows `drover hosts add NAME` to register an address target as it was reached;
    /// nil for a registered host or a hop.
    var registerArguments: String? {
        if case .address(_, _, let register) = self { return register }
        return nil
    }

    /// The advice after "allow them for this host:", quoted commands included.
    func advice(allowing names: [String]) -> String {
        let list = names.joined(separator: ",")
        switch self {
        case .registered(let name):
            return "'drover hosts edit \(name) --legacy-algorithms \(list)'"
        case .address(_, let attach, let register):
            return "'drover attach \(attach) --legacy-algorithms \(list)' (or register it: "
                + "'drover hosts add NAME \(register) --legacy-algorithms \(list)')"
        case .addressHop(let endpoint):
            return "register the jump host with 'drover hosts add NAME \(endpoint) --legacy-algorithms \(list)', "
                + "then put NAME in place of \(endpoint) in the jump list of the host you attach "
                + "('drover hosts edit HOST --jump ...')"
        }
    }
}

extension ConnectionPlan {
    /// `error` with the advice for this host filled in, when it is a server offering only weak algorithms.
    func withLegacyAdvice(_ error: Error) -> Error {
        guard case .legacyOnlyServer(var server)? = error as? SSHError, !server.allow.isEmpty else { return error }
        server.advice = legacySetting.advice(allowing: server.allow)
        return SSHError.legacyOnlyServer(server)
    }
}
