#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import SSH

/// How hosts end, as their drivers report it: a lost link reconnects or fails for good, an
/// ended session is explained, and Drover ends when every host is done.
extension AttachRun: LinkDriverDelegate {
    var isEnding: Bool { outcome != nil }

    func driver(_ driver: LinkDriver, received output: UnsafeRawBufferPointer) {
        record(driver, output)
        snapshots.changed(driver.index)
    }

    func driverStatusChanged(_ driver: LinkDriver) {
        statusChanged()
    }

    func driver(_ driver: LinkDriver, notes text: String) {
        if driver === front { showBanner(text) }
    }

    func driverFellSilent(_ driver: LinkDriver) {
        statusChanged()
        scheduleCountdown()
    }

    /// Before its first attach nothing is retried (like ssh); after it, recoverable failures
    /// reconnect with backoff while the kept screen stays visible, but only for the host in
    /// front: a hidden host waits until it is brought forward.
    func driverLost(_ driver: LinkDriver, wasAttached: Bool, keptItsKeys: Bool) {
        statusChanged()
        switch driver.lifecycle.state {
        case .failed(let why):
            hostDone(driver, .init(exitCode: 1, message: wasAttached ? "Lost \(driver.name): \(why)" : why))
        case .reconnecting:
            // Keys the lost link took without proof are kept now (ADR 0031): as with a key
            // typed while away, the host tries at once instead of waiting out the backoff
            // (once: a failed attempt waits it out as always).
            if keptItsKeys { retryNow(driver) } else { scheduleReconnect(driver) }
        default:
            break
        }
    }

    func driverReconnectDue(_ driver: LinkDriver) {
        connect(driver)
    }

    /// herdr detached (ctrl+b q) or exited; a failed command is explained with its last output.
    func driver(_ driver: LinkDriver, ended exit: SSHExit?) {
        let name = driver.name
        let status = exit?.status ?? 0
        if driver.rechecksWindowsShell(afterFailure: status != 0 && exit?.signal == nil) {
            // The line may be written for a shell the host no longer runs (ADR 0032).
            return connect(driver)
        }
        if status == 0 && exit?.signal == nil {
            let message = driver.target.runsHerdr
                ? "The session on \(name) was detached or ended; herdr keeps running on the host. Reattach with 'drover attach \(driver.target.attachArguments)'."
                : "The command on \(name) ended."
            hostDone(driver, .init(exitCode: 0, message: message))
        } else {
            let how = exit?.signal.map { "was killed by signal \($0)" } ?? "exited with status \(status)"
            var lines = ["The attach command on \(name) \(how)."]
            if status == 127 {
                lines.append(driver.target.herdrMissingAdvice)
            }
            let screen = lastScreenLines(of: driver)
            if !screen.isEmpty { lines.append("Its last output:\n" + screen.map { "  " + $0 }.joined(separator: "\n")) }
            hostDone(driver, .init(exitCode: 1, message: lines.joined(separator: "\n")))
        }
    }

    /// The last few non-empty rows of a host's screen (to explain a failed command).
    func lastScreenLines(of driver: LinkDriver, limit: Int = 5) -> [String] {
        let frame = driver.terminal.frame()
        let rows = (0..<frame.rows).map { frame.rowText($0) }.filter { !$0.trimmingSpaces().isEmpty }
        return Array(rows.suffix(limit))
    }

    /// A host is done (ended or failed for good). It stays in the list with its last screen;
    /// Drover ends when every host is done, reporting each one.
    func hostDone(_ driver: LinkDriver, _ result: AttachController.Outcome) {
        driver.finish(result)
        let results = drivers.compactMap(\.outcome)
        guard results.count == drivers.count else {
            statusChanged()
            return
        }
        finish(results.map(\.exitCode).max() ?? 0, results.map(\.message).joined(separator: "\n"))
    }
}

extension SSHError {
    /// Whether a later attempt may get past this failure. Everything on the way (the network,
    /// a host still booting, a half-started sshd) may; decisions that retrying must not wear
    /// down (a changed, revoked or untrusted key, refused authentication) and a server that
    /// that offers only algorithms this host does not allow may not.
    var isRecoverableByReconnecting: Bool {
        switch self {
        case .hostKeyChanged, .hostKeyRevoked, .hostKeyNotTrusted, .hostKeyNotVerified, .authenticationRefused,
             .legacyOnlyServer, .openSSHHostKeyChanged, .tooManyAuthenticationFailures, .passphraseNotGiven,
             .passphraseWrong:
            return false
        case .hostNotFound, .connectionRefused, .timedOut, .unreachable, .handshakeFailed, .connectionLost,
             .channelRefused, .protocolFailure, .proxyCommand:
            return true
        case .jumpHost(_, let error):
            return error.isRecoverableByReconnecting
        }
    }
}
