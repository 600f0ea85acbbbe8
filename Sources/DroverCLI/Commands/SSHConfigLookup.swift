#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC
import Loop
import Dispatch
import Hosts
import TextSafety

/// Resolves a name through the person's ssh_config, as `ssh NAME` would: with OpenSSH's own
/// `ssh -G` when an OpenSSH client is on PATH (its Include, Match, patterns, tokens and
/// defaults, so Drover never disagrees with ssh), else with Drover's own reader. The config
/// is `$HOME/.ssh/config`, then the system's, as ssh reads them (`SSHConfigSources`, ADR 0027).
struct SSHConfigLookup {
    let home: String
    /// The `ssh` executable, nil when none is on PATH (then Drover's reader is used).
    let ssh: String?

    init(environment: [String: String]) {
        home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        ssh = Self.executable("ssh", path: environment["PATH"] ?? "/usr/bin:/bin")
    }

    var files: SSHConfigFiles { SSHConfigFiles(home: home) }
    var sources: SSHConfigSources { SSHConfigSources(home: home) }
    var configPath: String { files.sshDirectory + "/config" }

    /// Whether `~/.ssh/config` exists.
    var hasUserConfig: Bool { FileManager.default.fileExists(atPath: configPath) }

    /// True when there is a config to resolve names with: the user's, or (through ssh, which
    /// reads it too) the system's. Without either, ssh would use only its defaults, so a bare
    /// name stays what the registry says it is.
    var hasConfig: Bool {
        hasUserConfig || (ssh != nil && FileManager.default.fileExists(atPath: SSHConfigSources.systemConfig))
    }

    /// The Host names `~/.ssh/config` (and what it includes) spells out, not its patterns:
    /// the names a typo may have meant (`HostNameSuggestion`). Empty without a readable config.
    var hostNames: [String] {
        guard hasUserConfig, case .success(let parsed) = SSHConfigImport.parse(file: configPath, files: files) else { return [] }
        var names: [String] = []
        for name in parsed.entries.map(\.alias) + parsed.skipped.map(\.alias)
        where !names.contains(name) && !name.contains(where: { "*?!".contains($0) }) {
            names.append(name)
        }
        return names
    }

    /// The settings `name` gets from the config; a config ssh cannot read is an error that
    /// names the file and what ssh said.
    func entry(for name: String) throws -> SSHConfigEntry {
        guard Hostname.isValid(name) || (try? HostRules.checkName(name)) != nil, !name.hasPrefix("-") else {
            throw SSHConfigLookupError(text: "'\(name)' is not a host name ssh_config can resolve; "
                                       + "give a registry name, an ssh_config Host or user@host[:port]")
        }
        let result: Result<SSHConfigEntry, SSHConfigProblem>
        if let ssh {
            result = SSHConfigDump.entry(alias: name, output: try dump(name, ssh: ssh))
        } else {
            switch files.read(configPath) {
            case .failure(let problem):
                throw SSHConfigLookupError(text: "\(files.display(configPath)) \(problem); fix or remove it and try again")
            case .success(let text):
                result = SSHConfigImport.resolve(name: name, text: text, files: files, identity: files.identity(configPath))
            }
        }
        switch result {
        case .success(let entry): return entry
        case .failure(let problem):
            throw SSHConfigLookupError(text: "\(files.display(configPath)) cannot be used for '\(name)': \(problem). "
                                       + "Fix that line and try again")
        }
    }

    /// What `ssh -G NAME` prints, reading the user's config and the system's; its complaint
    /// when it refuses them.
    private func dump(_ name: String, ssh: String) throws -> String {
        try sources.withArguments { try dump(name, ssh: ssh, files: $0) }
    }

    private func dump(_ name: String, ssh: String, files configArguments: [String]) throws -> String {
        let show = sources.showCommand(for: name)
        let child: ChildProcess
        do {
            child = try ChildProcess(ssh, arguments: configArguments + ["-G", "--", name],
                                     environment: ProcessInfo.processInfo.environment, output: .pipe, errors: .pipe)
        } catch {
            throw SSHConfigLookupError(text: "could not run \(ssh) -G to read \(files.display(configPath)) (\(error))")
        }
        // ssh -G runs the config's `Match exec` commands: one that hangs must not hang Drover.
        let watchdog = DispatchWorkItem { child.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeLimit, execute: watchdog)
        // Read both before waiting, so a large answer cannot fill a pipe and stall ssh; each
        // read is bounded, so an `ssh` that never stops printing cannot fill Drover's memory.
        let errorData = ErrorCollector(child.errors ?? -1)
        let answer = child.output.flatMap { ChildProcess.readAll($0, limit: Self.outputLimit) }
        if answer == nil { child.terminate() }
        let end = child.wait()
        watchdog.cancel()
        guard let answer else {
            throw SSHConfigLookupError(text: "\(ssh) -G printed more than \(Self.outputLimit / 1024) KiB for '\(name)' "
                                       + "(OpenSSH prints a few KiB), so Drover stopped reading it. Check that \(ssh) is "
                                       + "OpenSSH's client\(show.map { " and that '\($0)' prints its settings" } ?? ""), then try again")
        }
        let text = String(decoding: answer, as: UTF8.self)
        if end == .signalled(SIGTERM) {
            throw SSHConfigLookupError(text: "ssh -G did not answer within \(Int(Self.timeLimit)) s for '\(name)' "
                                       + "(a 'Match exec' command in \(files.display(configPath)) that waits?). "
                                       + (show.map { "Run '\($0)' to see where it stops, fix" } ?? "Fix") + " the config and try again")
        }
        guard end == .exited(0) else {
            // By line, whatever ends them: "\r\n" is one Character to Swift, so splitting on "\n" would not.
            let said = String(decoding: errorData.finish(), as: UTF8.self)
                .split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
                .filter { !$0.isEmpty && !$0.hasPrefix("Pseudo-terminal") }.map { SafeText.escaped($0) }.joined(separator: "; ")
            throw SSHConfigLookupError(text: "ssh cannot read its config (\(files.display(configPath)) and the system's) for '\(name)': "
                                       + "\(said.isEmpty ? "exit status \(end.status)" : said). "
                                       + "Fix the config\(show.map { " ('\($0)' shows the same)" } ?? "") and try again")
        }
        return text
    }

    /// How long `ssh -G` may take before Drover stops it.
    static let timeLimit: Double = 10
    /// The most of `ssh -G`'s output Drover reads: OpenSSH prints about 4 KiB.
    static let outputLimit = 256 * 1024

    /// The first executable `name` in the PATH list `path`.
    static func executable(_ name: String, path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Reads a pipe to its end on another thread, so two pipes of one child are drained together.
private final class ErrorCollector: @unchecked Sendable {
    // @unchecked: the reader thread writes `data` before it signals `done`; the owner reads it only
    // after waiting on `done`, so the two never touch it at once.
    private let done = DispatchSemaphore(value: 0)
    private var data: [UInt8] = []

    /// Reads its own copy of `fd` (closed when read to its end), so the child's object may go first.
    init(_ pipe: Int32) {
        let fd = fcntl(pipe, F_DUPFD_CLOEXEC, 0)
        do {
            try WorkerThread.start { [self] in read(fd) }
        } catch {
            // Nothing is heard from the child then; its time limit still ends a child that waits
            // on a full pipe.
            if fd >= 0 { _ = close(fd) }
            done.signal()
        }
    }

    private func read(_ fd: Int32) {
        defer { if fd >= 0 { _ = close(fd) } }
        // ssh's complaint is a line or two: the first 4 KiB are kept, the rest drained.
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { LibC.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            if data.count < 4096 { data += chunk.prefix(min(n, 4096 - data.count)) }
        }
        done.signal()
    }

    func finish() -> [UInt8] {
        done.wait()
        return data
    }
}

/// A name that the ssh_config cannot resolve, or a config that cannot be read.
struct SSHConfigLookupError: Error, CustomStringConvertible {
    let text: String
    var description: String { text + "." }
}
