import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import SSH

/// Which line a Windows host's attach runs (ADR 0032): written for the shell the person set
/// (`--windows-shell`), else for the one the registry remembers, else for the one a probe
/// finds now on the same connection (then remembered, so later attaches skip the probe).
enum WindowsShellChoice {
    /// The probe's answer is one short line; a login banner may come first.
    static let probeLimit = 4096
    static let probeSeconds: Int64 = 10

    /// The line to exec and where its shell came from: the registry's remembered one
    /// (`fromRememberedShell`, the only kind a failure re-probes), the person's, or a probe.
    struct Line {
        var command: String
        var fromRememberedShell = false
    }

    /// The line to exec on `session` (logged in, nothing run yet) for `target`.
    static func line(for target: AttachTarget, on session: SSHSession, root: DroverRoot,
                     note: (String) -> Void) throws -> Line {
        guard let host = target.host, let unknown = target.windowsAttachCommand(for: nil) else { return Line(command: target.command) }
        if let set = host.windowsShell { return Line(command: target.windowsAttachCommand(for: set) ?? unknown) }
        let remembered = (try? HostStore(root: root).load())?.named(host.name)?.windowsShellSeen ?? host.windowsShellSeen
        if !target.recheckWindowsShell, let remembered {
            return Line(command: target.windowsAttachCommand(for: remembered) ?? unknown, fromRememberedShell: true)
        }
        let found = try probe(on: session, name: target.displayName, note: note)
        if let found, target.recheckWindowsShell, found != remembered {
            note("\(target.displayName) runs commands through \(found.rawValue) now; attaching with its syntax.")
        }
        if found == nil {
            note("\(target.displayName): could not tell whether its sshd runs cmd or PowerShell, so herdr there is not told "
                 + "TERM_PROGRAM; set it with 'drover hosts edit \(host.name) --windows-shell cmd' (or powershell).")
        }
        // A probe that could not tell keeps a shell learned before (a slow or garbled answer is
        // no news about the shell); this attach runs the plain line.
        if found != nil || remembered == nil {
            do {
                try HostStore(root: root).rememberWindowsShell(found, for: host)
            } catch {
                note("could not remember the shell of \(host.name): \(error)")
            }
        }
        return Line(command: target.windowsAttachCommand(for: found) ?? unknown)
    }

    /// Runs `WindowsShell.probe` (no PTY) and reads its answer, bounded in size and time. A
    /// probe that fails leaves the shell unknown; a channel open the server never answered is
    /// `RemoteConnection`'s to handle (it logs in again).
    private static func probe(on session: SSHSession, name: String, note: (String) -> Void) throws -> WindowsShell? {
        do {
            let channel = try session.exec(WindowsShell.probe)
            defer { _ = try? channel.close() }
            try channel.sendEOF()
            let output = try channel.readToEnd(deadline: .now + .seconds(probeSeconds), limit: probeLimit)
            return WindowsShell(probeOutput: String(decoding: output.stdout, as: UTF8.self))
        } catch let spent as EarlySessionChannelSpent {
            throw spent
        } catch {
            note("\(name): the shell probe failed (\(error)).")
            return nil
        }
    }
}
