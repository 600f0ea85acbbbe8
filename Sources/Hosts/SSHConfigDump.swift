/// Reads what `ssh -G NAME` prints (OpenSSH's own evaluation of the config for NAME: Include,
/// Match, Host patterns, tokens and defaults, one `keyword value` line each) into an
/// `SSHConfigEntry`, through the same `SSHConfigSettings` as Drover's own reader. ssh prints
/// every default too, so only settings that differ from OpenSSH's defaults and that Drover
/// cannot honour are listed as not carried over.
public enum SSHConfigDump {
    /// Where the settings are said to come from in messages.
    static let origin = "ssh -G"

    /// The identity files ssh names when the config names none: Drover tries its own list then.
    static let defaultIdentityFiles: Set<String> = [
        "~/.ssh/id_dsa", "~/.ssh/id_ecdsa", "~/.ssh/id_ecdsa_sk", "~/.ssh/id_ed25519", "~/.ssh/id_ed25519_sk",
        "~/.ssh/id_rsa", "~/.ssh/id_xmss",
    ]

    /// Settings ssh prints only when the config sets them, none of which Drover does.
    static let setOnly: Set<String> = [
        "dynamicforward", "localcommand", "sendenv", "setenv", "certificatefile", "controlpath",
        "pkcs11provider", "knownhostscommand",
    ]

    /// Settings whose default Drover matches, with that default; another value is not honoured.
    static let defaults: [String: String] = [
        "forwardx11": "no", "controlmaster": "false", "requesttty": "auto", "tunnel": "false",
        "clearallforwardings": "no", "exitonforwardfailure": "no", "gatewayports": "no", "permitlocalcommand": "no",
        "proxyusefdpass": "no", "addkeystoagent": "false", "sessiontype": "default", "forkafterauthentication": "no",
        "permitremoteopen": "any",
    ]

    public static func entry(alias: String, output: String) -> Result<SSHConfigEntry, SSHConfigProblem> {
        var statements: [SSHConfigStatement] = []
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let keyword = words.first?.lowercased(), words.count > 1 else { continue }
            // ssh prints `keyword value`; a command's value is the text as written (quotes kept).
            let rest = line.drop { $0 != " " }.trimmingWhitespace()
            statements.append(SSHConfigStatement(keyword: keyword, spelling: SSHConfigKeywords.spelling(of: keyword),
                                                 arguments: Array(words.dropFirst()),
                                                 rest: String(rest), line: 0, file: origin))
        }
        let identities = statements.filter { $0.keyword == "identityfile" }.compactMap(\.arguments.first)
        // All of ssh's defaults (newer releases drop id_dsa): none was named. One named on
        // purpose (IdentityFile ~/.ssh/id_rsa) stays: it is offered first, as in ssh.
        if identities.count >= defaultIdentityFiles.count - 1, Set(identities).isSubset(of: defaultIdentityFiles) {
            statements.removeAll { $0.keyword == "identityfile" }
        }
        let noted: (SSHConfigStatement) -> Bool = { s in
            if setOnly.contains(s.keyword) { return true }
            guard let standard = defaults[s.keyword] else { return false }
            return s.arguments.joined(separator: " ").lowercased() != standard
        }
        return SSHConfigSettings.entry(alias: alias, statements, noted: noted).mapError { SSHConfigProblem(text: $0.text) }
    }
}
