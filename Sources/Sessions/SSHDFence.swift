/// The sshd process that serves one connection on a POSIX host, as `ps` names it: enough to
/// find the same process again and to tell it from one that reused its number.
struct SSHDProcess: Equatable {
    let pid: Int
    /// `ps -o lstart=` with single spaces: when it started, to the second.
    let started: String
    /// `ps -o comm=`: `sshd`, or `sshd-session` from OpenSSH 9.8 on.
    let name: String
}

/// Keys written into a link that is then declared dead may wait, read by nobody, in the socket
/// of an sshd that was only stopped (ADR 0031). Sending them again on the next connection would
/// make them arrive twice when that sshd runs again and its session outlives the connection
/// (herdr's). So each new connection first asks the host which sshd serves it, and a
/// connection that comes after a lost one with keys kept from it first kills the lost
/// connection's sshd, if it is still the same process: a stopped process dies on SIGKILL and
/// the data it never read dies with it. Under OpenSSH's privilege separation the process that
/// reads the connection and forks the session's programs runs as the user (its `[priv]`
/// monitor, as root, reads nothing from the connection), so the user may kill it, and a
/// session program's parent is that process. One command does both, run by `sh` whatever the
/// login shell (one line, no `!`: csh reads it too).
enum SSHDFence {
    /// What the fence found of the old connection's sshd.
    enum Outcome: Equatable {
        /// Killed before it read the kept keys.
        case stopped
        /// No longer there (or its number reused): nobody will read what it held.
        case gone
        /// Still there but the kill was refused (not the user's process).
        case refused
    }

    static let ownMarker = "drover-sshd"
    static let fenceMarker = "drover-fence"

    /// The command for a new connection: kills `old` first when given and still the same
    /// process (number, start time and name), then names the sshd that runs this command.
    static func command(stopping old: SSHDProcess?) -> String {
        let own = "echo \(ownMarker) $PPID $(ps -o lstart= -o comm= -p $PPID)"
        guard let old else { return "exec sh -c '\(own)'" }
        let same = "[ \"$(echo $(ps -o lstart= -o comm= -p \(old.pid) 2>/dev/null))\" = \"\(old.started) \(old.name)\" ]"
        let fence = "if \(same); then kill -KILL \(old.pid) && echo \(fenceMarker) stopped || echo \(fenceMarker) refused; "
            + "else echo \(fenceMarker) gone; fi"
        return "exec sh -c '\(fence); \(own)'"
    }

    /// Reads the command's output: the sshd serving this connection (nil when the host did not
    /// say, or what it said is not an sshd), and the fence's outcome (nil when none ran).
    static func read(_ output: [UInt8]) -> (own: SSHDProcess?, fence: Outcome?) {
        var own: SSHDProcess?
        var fence: Outcome?
        for line in String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case ownMarker?: own = process(Array(words.dropFirst()))
            case fenceMarker? where words.count == 2:
                fence = ["stopped": .stopped, "gone": .gone, "refused": .refused][words[1]]
            default: continue
            }
        }
        return (own, fence)
    }

    /// `PID` then `ps`'s five words of start time and the name: only plain words pass, since
    /// they go back into a command line.
    private static func process(_ words: [String]) -> SSHDProcess? {
        guard words.count == 7, let pid = Int(words[0]), pid > 1 else { return nil }
        let started = words[1...5]
        let name = words[6]
        let plain = { (word: String) in
            !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ":._-/".contains($0)) }
        }
        guard started.allSatisfy(plain), plain(name), name.hasSuffix("sshd") || name.hasSuffix("sshd-session") else {
            return nil
        }
        return SSHDProcess(pid: pid, started: started.joined(separator: " "), name: name)
    }
}
