/// A ProxyCommand's tokens expanded as OpenSSH expands them at connect time (ssh_config(5):
/// ProxyCommand accepts `%%`, `%h`, `%n`, `%p` and `%r`). The registry and `ssh -G` keep the
/// command as written; it is expanded for each run, with the address it will reach.
public enum ProxyCommandText {
    /// `command` with `%h` the host name (after HostName), `%p` the port, `%r` the user and
    /// `%n` the name as given on the command line. Any other `%` token is refused, as ssh
    /// refuses it, with the tokens that are allowed.
    public static func expand(_ command: String, host: String, port: Int, user: String, name: String) throws -> String {
        var result = ""
        var iterator = command.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "%": result.append("%")
            case "h": result.append(host)
            case "p": result.append(String(port))
            case "r": result.append(user)
            case "n": result.append(name)
            case let other:
                let token = other.map { "%\($0)" } ?? "a lone % at the end"
                throw HostValidationError(field: "proxyCommand", value: command,
                                          rule: "may use only the tokens %h, %p, %r, %n and %% (found \(token)); "
                                              + "write a literal % as %%")
            }
        }
        return result
    }
}
