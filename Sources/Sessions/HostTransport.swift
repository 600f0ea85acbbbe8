import SSH

/// A host's terminal stream as the attach code uses it: small enough to fake in tests (ADR
/// 0022). Opening is connecting (`ConnectAttempt`, on its thread) and closing is the driver's
/// `SessionCloser`; in between a `HostStream` reads, writes and resizes through this.
protocol HostTransport: AnyObject {
    /// Hands each piece read now to `onData` (stderr says which stream), at most about `limit`
    /// bytes; stops early when `onData` returns false. Whether the host ended its output and
    /// whether more may be waiting.
    func readAvailable(limit: Int, onData: (_ bytes: UnsafeRawBufferPointer, _ isStderr: Bool) throws -> Bool)
        throws -> (reachedEOF: Bool, hasMore: Bool)
    /// Writes what the transport takes now; the count (0: full, try on a later turn).
    func write(_ bytes: ArraySlice<UInt8>) throws -> Int
    /// Sends the terminal's new size; false while it could not go out whole yet.
    func resize(columns: Int, rows: Int) throws -> Bool
    /// False while another call's half-sent packet holds the session: reads find nothing.
    var mayRead: Bool { get }
    /// True once the host ended its output and all of it was read.
    var receivedEOF: Bool { get }
}

extension SSHChannel: HostTransport {}
