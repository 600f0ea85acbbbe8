/// The fence of a unix host's attach line (ADR 0031): keys written into a link that is then
/// declared dead may wait unread in the socket of an sshd that was only stopped; when it runs
/// again it passes them to herdr's session, which outlives connections, after the reconnect
/// sent them too. So the attach line itself (no second exec, no second `ForceCommand` or
/// `~/.ssh/rc` run) records which sshd serves the connection, and the line of a reconnect
/// that carries keys kept from a lost link first kills the recorded sshd, if it is still the
/// same process: a stopped process dies on SIGKILL and what it never read dies with it.
///
/// The sshd is the shell's parent (`$PPID`: sshd forks the session's shell, and each `exec`
/// keeps its process), recorded only when it is named `sshd` or `sshd-session` (OpenSSH before
/// and from 9.8): a `ForceCommand` that runs the line from a shell of its own gets no fence. A
/// process is named by its number, its name and its start time (Linux: field 22 of
/// `/proc/PID/stat`; elsewhere `ps -o lstart=` in the C locale and UTC), so a number reused by
/// another process never matches. The record holds this run's token, and only a record with
/// it is acted on: another run's (a second Drover of the same device and session) is left alone.
///
/// The script is one line for `sh -c '…'` run by any login shell (sh, bash, zsh, fish, csh):
/// no single quote, no backslash, no `!`; a failure in it (no `~/.cache`, a read-only home)
/// is silent and herdr runs all the same.
public struct SSHDFence: Equatable, Sendable {
    /// Where records live, under the remote user's home (made 0700, each record 0600).
    public static let directory = ".cache/drover-fence"

    /// The record's file name: hex digits naming this device's key and the herdr session, so
    /// two Drovers or two sessions never share one.
    public let name: String
    /// This run's mark in the record.
    public let token: String
    /// Whether the line first kills the sshd recorded by this run (a reconnect with keys kept
    /// from a lost link).
    public let stopsRecorded: Bool

    /// Nil unless `name` and `token` are hex digits (they are written into a shell line).
    public init?(name: String, token: String, stopsRecorded: Bool) {
        let hex = { (text: String) in !text.isEmpty && text.allSatisfy(\.isHexDigit) && text.allSatisfy(\.isASCII) }
        guard hex(name), hex(token) else { return nil }
        self.name = name
        self.token = token
        self.stopsRecorded = stopsRecorded
    }

    /// `exec sh -c 'FENCE; exec COMMAND'`: `command` (POSIX sh, without single quotes) runs
    /// after the fence, in the same process.
    public func line(execing command: String) -> String {
        precondition(!command.contains("'"), "the command goes inside single quotes")
        return "exec sh -c '\(script) exec \(command)'"
    }

    /// The fence's shell text. `ident PID` prints the process's name and start time.
    var script: String {
        let ident = "ident() { if [ -r /proc/$1/stat ]; then read -r s </proc/$1/stat; n=${s#*(}; set -- ${s##*) }; "
            + "echo \"${n%)*} ${20}\"; else set -- $(LC_ALL=C TZ=UTC0 ps -o lstart= -o comm= -p $1); "
            + "echo \"${6##*/} $1-$2-$3-$4-$5\"; fi; };"
        let stop = stopsRecorded
            ? "read -r t o i <\"$f\" && [ \"$t\" = \(token) ] && [ \"$o\" -gt 1 ] && [ \"$(ident $o)\" = \"$i\" ] && kill -9 $o; "
            : ""
        let record = "i=$(ident $PPID); case $i in \"sshd \"*|\"sshd-session \"*) "
            + "(umask 77; mkdir -p \"${f%/*}\" && echo \"\(token) $PPID $i\" >\"$f\");; esac;"
        return "f=$HOME/\(Self.directory)/\(name); \(ident) { \(stop)\(record) } 2>/dev/null;"
    }
}
