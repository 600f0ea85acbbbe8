import VT
@testable import Console

extension RelayLoop {
    /// Output for the shown host, as its link hands it on: fed to the shown screen (which tells
    /// the relay), its answers sent where the relay sends keys, so tests see both in one place.
    func receiveRemote(_ bytes: [UInt8]) {
        let replies = screen.feed(bytes)
        if !replies.isEmpty { sendToRemote(replies) }
    }
}
