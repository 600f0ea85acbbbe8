/// The fence of a unix host's attach line (ADR 0031): keys written into a link that is then
/// declared dead may wait unread in the socket of an sshd that was only stopped; when it runs
/// again it passes them to herdr's session, which outlives connections, after the reconnect
/// sent them too. So the attach line itself (no second exec, no second `ForceCommand` or
/// `~/.ssh/rc` run) records which sshd serves the connection, and the line of a reconnect
/// that carries keys kept from a lost link first kills the recorded sshd, if it is still the
/// same, stopped, process: a stopped process dies on SIGKILL and what it never read dies with it.
///
/// The sshd is the shell's parent (`$PPID`: sshd forks the session's shell, and each `exec`
/// keeps its process), recorded only when it is named `sshd` or `sshd-session` (OpenSSH before
/// and from 9.8): a `ForceCommand` that runs the line from a shell of its own gets no fence. A
/// process is named by its number, its name and its start time (Linux: field 22 of
/// `/proc/PID/stat`; elsewhere `ps -o lstart=` in the C locale and UTC), so a number reused by
/// another process never matches. The record also holds this run's token, the attempt's
/// generation and the client (`$$`, the process that execs toward herdr). The kill acts only on
/// a record with this token and a lower generation (another run's, or a newer attempt's of this
/// run, is left alone), only on an sshd that is stopped (state `T`; a live one may be serving
/// the connection that matters, and a duplicate is the lesser evil) and only while its client
/// is not stopped too. A record is replaced unless it is this run's from a newer attempt.
///
/// The script is one line for `sh -c '…'` run by any login shell (sh, bash, zsh, fish, csh):
/// no single quote, no backslash, no `!`; a failure in it (no `~/.cache`, a read-only home,
/// no `$HOME` at all) is silent and herdr runs all the same.
public struct SSHDFence: Equatable, Sendable {
    /// Where records live, under the remote user's home (made 0700, each record 0600).
    public static let directory = ".cache/drover-fence"

    /// The record's file name: hex digits naming this device's key, the host's endpoint and
    /// the herdr session, so two Drovers, two hosts sharing a home or two sessions never share one.
    public let name: String
    /// This run's mark in the record.
    public let token: String
    /// The connection attempt's generation in this run: a stale attempt's line neither kills
    /// nor replaces what a newer one recorded.
    public let generation: UInt64
    /// Whether the line first kills the sshd recorded by this run (a reconnect with keys kept
    /// from a lost link).
    public let stopsRecorded: Bool

    /// Nil unless `name` and `token` are hex digits (they are written into a shell line).
    public init?(name: String, token: String, generation: UInt64, stopsRecorded: Bool) {
        let hex = { (text: String) in !text.isEmpty && text.allSatisfy(\.isHexDigit) && text.allSatisfy(\.isASCII) }
        guard hex(name), hex(token) else { return nil }
        self.name = name
        self.token = token
        self.generation = generation
        self.stopsRecorded = stopsRecorded
    }

    /// `exec sh -c 'FENCE; exec COMMAND'`: `command` (POSIX sh, without single quotes) runs
    /// after the fence, in the same process.
    public func line(execing command: String) -> String {
        precondition(!command.contains("'"), "the command goes inside single quotes")
        return "exec sh -c '\(script) exec \(command)'"
    }

    /// The fence's shell text. `ident PID` prints the process's name and start time, `st PID`
    /// the first letter of its state (`T`: stopped). The record is
    /// `TOKEN GENERATION SSHD-PID CLIENT-PID NAME START`.
    var script: String {
        let ident = "ident() { if [ -r /proc/$1/stat ]; then read -r s </proc/$1/stat; n=${s#*(}; set -- ${s##*) }; "
            + "echo \"${n%)*} ${20}\"; else set -- $(LC_ALL=C TZ=UTC0 ps -o lstart= -o comm= -p $1); "
            + "echo \"${6##*/} $1-$2-$3-$4-$5\"; fi; };"
        let state = " st() { if [ -r /proc/$1/stat ]; then read -r s </proc/$1/stat; set -- ${s##*) }; "
            + "else set -- $(LC_ALL=C ps -o state= -p $1); fi; echo \"${1%${1#?}}\"; };"
        let sshd = "\"sshd \"*|\"sshd-session \"*)"
        let stop = stopsRecorded
            ? "read -r t g o c i <\"$f\" && [ \"$t\" = \(token) ] && [ \"$g\" -lt \(generation) ] && [ \"$o\" -gt 1 ] && [ \"$c\" -gt 1 ] "
                + "&& [ \"$(st $o)\" = T ] && [ \"$(ident $o)\" = \"$i\" ] && { [ \"$(st $c)\" = T ] || "
                + "case $i in \(sshd) kill -9 $o;; esac; }; "
            : ""
        let record = "i=$(ident $PPID); case $i in \(sshd) t=; g=; read -r t g r <\"$f\"; "
            + "{ [ \"$t\" = \(token) ] && [ \"$g\" -ge \(generation) ]; } || "
            + "(umask 77; mkdir -p \"${f%/*}\" && echo \"\(token) \(generation) $PPID $$ $i\" >\"$f\");; esac;"
        return "f=$HOME/\(Self.directory)/\(name); \(ident)\(state) [ -z \"$HOME\" ] || { \(stop)\(record) } 2>/dev/null;"
    }
}
