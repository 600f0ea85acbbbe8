import VT
@testable import Console

extension FrontView {
    /// Output for the shown host, as its link hands it on: fed to the shown screen (which tells
    /// the view), its answers sent where the view sends keys, so tests see both in one place.
    func receiveRemote(_ bytes: [UInt8]) {
        let replies = screen.feed(bytes)
        if !replies.isEmpty { sendToRemote(replies) }
    }
}
