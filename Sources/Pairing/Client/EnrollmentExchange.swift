import SSH

/// The enrollment request on an authenticated session: the device's two lines to the forced
/// command (no PTY), then its answer, read until it exits.
struct EnrollmentExchange {
    let computerName: String
    let device: PairingClient.Device
    let report: (String) -> Void

    /// How much of the forced command's output is kept; its answer is one short token.
    static let answerLimit = 65536

    /// Sends the request and returns the last token the computer printed.
    func run(on session: SSHSession, within window: Duration) throws -> EnrollToken {
        let channel = try session.exec("herdr-pair-enroll", pty: nil)
        try channel.writeAll(Array(device.enrollLines.utf8))
        try channel.sendEOF()
        report("Waiting for approval on \(computerName): approve only if it shows \(device.fingerprint)")
        let output: SSHChannelOutput
        do {
            output = try channel.readToEnd(deadline: .now + window, limit: Self.answerLimit)
        } catch SSHError.timedOut {
            throw PairingClientError.answerTimedOut(computer: computerName)
        }
        _ = try? channel.close()
        let text = String(decoding: output.stdout, as: UTF8.self)
        guard let token = EnrollToken.last(in: text) else { throw PairingClientError.noToken(output: text) }
        return token
    }
}
