import SSH

/// One step of `ConnectionPlan.logIn` that has ended, with the session it worked on.
public enum LoginStep {
    /// TCP (or the jump channel, or a ProxyCommand) and the SSH handshake.
    case handshake(SSHSession)
    /// The host key was checked (`trust` may have asked about it).
    case hostKey(SSHSession)
    /// Logged in with `method`.
    case login(SSHSession, method: SSHAuthMethod)
    /// The channel open sent behind the login could not be used (`reason`); connecting again.
    case again(reason: EarlySessionChannelSpent)
}

extension ConnectionPlan {
    /// Connects to this plan's endpoint (directly, or inside a `direct-tcpip` channel of
    /// `outer` for a host behind jump hosts), checks the host key with `trust` and logs in
    /// with `credentials`: the one sequence every hop and the target go through, for attach and
    /// `drover doctor` alike, so what doctor shows is what attach does. `step` hears each step
    /// as it ends (attach moves its overlay on, doctor times it). `thenExec`: the caller's next
    /// call is `exec`, so the session channel is opened behind the signed login (ADR 0017);
    /// when the key turns out not to be enough on its own, the login is done again on a new
    /// connection without that. The key that logged in is remembered for a registry host.
    public func logIn(through outer: SSHSession?, options: SSHOptions, trust: HostKeyTrust, thenExec: Bool = false,
                      credentials: () throws -> SSHCredentials, step: (LoginStep) -> Void) throws -> SSHSession {
        let preferred = try connectOptions(options)
        func connected() throws -> SSHSession {
            let session: SSHSession
            do {
                if let outer {
                    session = try outer.connectThrough(to: endpoint, options: preferred)
                } else if let proxyCommand {
                    session = try connectThrough(proxyCommand, options: preferred)
                } else {
                    session = try SSHSession.connect(to: endpoint, options: preferred)
                }
            } catch {
                throw withLegacyAdvice(error)
            }
            step(.handshake(session))
            try session.verifyHostKey(trust.verify)
            step(.hostKey(session))
            return session
        }
        var session = try connected()
        let given = try credentials()
        let method: SSHAuthMethod
        do {
            do {
                method = try session.authenticate(given, openingSessionEarly: thenExec)
            } catch let spent as EarlySessionChannelSpent {
                session.disconnect()
                step(.again(reason: spent))
                session = try connected()
                method = try session.authenticate(given)
            }
        } catch let error as SSHError {
            throw withFix(error)
        }
        rememberKey(of: session, note: given.note ?? { _ in })
        step(.login(session, method: method))
        return session
    }
}
