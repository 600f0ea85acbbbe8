/// Timeouts for one connection, in seconds.
public struct SSHOptions: Sendable, Equatable {
    /// TCP connect, per resolved address.
    public var connectTimeout: Double
    /// From TCP connected to host key received (banner and key exchange).
    public var handshakeTimeout: Double
    /// Each later request that waits on the server (authentication, opening a channel, exec).
    public var operationTimeout: Double

    public init(connectTimeout: Double = 10, handshakeTimeout: Double = 15, operationTimeout: Double = 30) {
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.operationTimeout = operationTimeout
    }
}
