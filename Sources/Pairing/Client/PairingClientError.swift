/// Why enrolling with a pairing code failed, each with what to do next.
public enum PairingClientError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No address of the code could be used within `reach`; one line per address tried.
    case noAddressWorked([String], reach: PeerAddressPolicy.Reach)
    /// The server's host key is none of the code's fingerprints.
    case hostKeyMismatch(address: String, presented: String, expected: [String])
    /// A different key is already pinned for this address and port.
    case pinConflict(address: String, port: Int, pinned: [String])
    /// The one-time key was refused.
    case oneTimeKeyRefused(address: String)
    case answerTimedOut(computer: String)
    case noToken(output: String)
    case invalid
    case denied
    case expired
    /// The device name cannot be sent (1–64 printable characters).
    case badDeviceName(String)

    public var description: String {
        switch self {
        case .noAddressWorked(let attempts, let reach):
            let check: String
            switch reach {
            case .tailnet:
                check = "Check that both devices are on the same tailnet and sshd runs there, or pass --any-network "
                    + "if you really pair over another network"
            case .privateLAN:
                check = "Check that both computers are on the same tailnet or LAN and sshd runs there, or add "
                    + "--any-network if you really pair over another network"
            case .anyNetwork:
                check = "Check that the computer is reachable at one of these addresses and that sshd runs there"
            }
            return "could not reach the computer at any address of the code:\n"
                + attempts.map { "  \($0)" }.joined(separator: "\n") + "\n\(check); then run the pairing command again"
        case .hostKeyMismatch(let address, let presented, let expected):
            return "\(address) presented host key \(presented), which is not in the code (\(expected.joined(separator: ", "))); "
                + "nothing was sent. You may be talking to another machine: check the address, then run the pairing command again"
        case .pinConflict(let address, let port, let pinned):
            let name = port == 22 ? address : "[\(address)]:\(port)"
            return "\(name) already has a different pinned host key (\(pinned.joined(separator: ", "))), so the code was not used. "
                + "If the computer's key really changed, run 'drover pins forget \(name)', then pair again"
        case .oneTimeKeyRefused(let address):
            return "\(address) did not accept the code's one-time key: it was already used, withdrawn or has expired. "
                + "Run the pairing command on the computer again"
        case .answerTimedOut(let computer):
            return "no answer from \(computer) within 3 minutes; run the pairing command again and approve within 2 minutes"
        case .noToken:
            return "the computer's pairing helper gave no answer; check that it runs 'drover pair-host' (or the herdr helper), "
                + "then pair again"
        case .invalid:
            return "the computer refused the request as invalid (INVALID): a bug or a tampered client. "
                + "Update Drover, then pair again"
        case .denied:
            return "The computer refused this device: the request was denied there, or another device had already used "
                + "this code (then deny that device's request on the computer). Run the pairing command on the computer "
                + "again for a new code, then pair again."
        case .expired:
            return "The code expired. Run the pairing command again."
        case .badDeviceName(let name):
            return "the device name '\(name.filter { !$0.isASCII || $0.isLetter || $0.isNumber })' must be 1 to 64 printable "
                + "characters; pass another with --name"
        }
    }
}
