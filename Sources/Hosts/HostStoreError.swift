/// What can go wrong reading or changing the host registry.
public enum HostStoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// hosts.json cannot be read as a registry; it was left alone and a copy kept.
    case unreadable(path: String, problem: String, keptCopy: String)
    /// hosts.json was written by a newer Drover; it was left alone and a copy kept.
    case newerVersion(path: String, version: Int, keptCopy: String)
    case notFound(name: String)
    case nameTaken(name: String)
    /// Another entry already attaches the same thing (see `HostEntry.isTwin`); `entry` is its
    /// `attachDescription`. `existingHasCommand` picks advice that works for that entry (a
    /// session cannot be given beside its command).
    case twin(entry: String, existingName: String, existingHasCommand: Bool = false)
    /// An entry would have both a herdr session and a command override.
    case sessionWithCommand(name: String)
    /// The entry exists but breaks a field rule (see `InvalidHostEntry`).
    case invalidEntry(InvalidHostEntry)

    public var description: String {
        switch self {
        case let .unreadable(path, problem, copy):
            return "\(path) is not a readable host registry (\(problem)). Drover left it unchanged and "
                + "kept a copy at \(copy); fix the file or move it away, then try again."
        case let .newerVersion(path, version, copy):
            return "\(path) is version \(version), written by a newer Drover; this one reads version "
                + "\(HostsFile.currentVersion). Drover left it unchanged and kept a copy at \(copy); "
                + "update Drover to use it."
        case let .notFound(name):
            return "no host named '\(name)'. Run 'drover hosts' to see the registry."
        case let .nameTaken(name):
            return "a host named '\(name)' already exists. Choose another name, or rename it with 'drover hosts edit \(name) --rename NEW'."
        case let .sessionWithCommand(name):
            return "'\(HostValidationError.printable(name))' cannot have both a herdr session and a command: the command runs "
                + "instead of herdr's attach command, so the session would be unused. Put the session in the command "
                + "itself, or leave out --command to attach the session (on an existing host, --no-command or "
                + "--no-session drops the one already set)."
        case let .invalidEntry(entry):
            return "host '\(HostValidationError.printable(entry.name))' in hosts.json cannot be used: \(entry.problem.problem); "
                + "fix it with \(entry.fix)."
        case let .twin(entry, existing, hasCommand):
            let other = hasCommand ? "--command or --jump" : "--session or --jump"
            let change = hasCommand ? "--command CMD" : "--session S"
            return "\(entry) is already registered as '\(existing)'. Give a different \(other) "
                + "for another entry on that computer, change that one with 'drover hosts edit \(existing) \(change)', "
                + "or remove it with 'drover hosts rm \(existing)' first."
        }
    }
}

extension HostStoreError {
    /// `host` would attach what `existing` already does.
    static func twin(of host: HostEntry, existing: HostEntry) -> HostStoreError {
        .twin(entry: host.attachDescription, existingName: existing.name, existingHasCommand: existing.command != nil)
    }
}
