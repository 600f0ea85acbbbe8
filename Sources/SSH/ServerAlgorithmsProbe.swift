import LibC

/// After a failed key exchange: a second, plain connection that reads the server's first
/// (unencrypted) KEXINIT to learn what it offers. That is how a server offering only weak
/// algorithms is told apart from other key-exchange failures (libssh2's own error is the same
/// for all of them), and what the message names.
enum ServerAlgorithmsProbe {
    /// The server's name-lists by kind (ciphers and MACs: both directions, each name once),
    /// or nil if they could not be read.
    static func algorithms(host: String, port: Int, timeout: Double) -> [AlgorithmKind: [String]]? {
        guard let (fd, _) = try? TCPConnector.connect(host: host, port: port, timeout: timeout) else { return nil }
        defer { close(fd) }
        let banner = Array("SSH-2.0-drover_probe\r\n".utf8)
        guard banner.withUnsafeBytes({ sendWithoutSignal(fd, $0.baseAddress, $0.count) }) == banner.count else {
            return nil
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while received.count < 65536 {
            if let result = parse(received) { return result }
            guard (try? SocketWait.wait(fd: fd, events: Int16(POLLIN), until: deadline, timeoutError: {
                SSHError.timedOut(host: host, port: port, seconds: timeout, waitingFor: "probing")
            })) != nil else { return nil }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard n > 0 else { return nil }
            received += chunk[0..<n]
        }
        return nil
    }

    /// Parses "banner lines, then one binary packet holding KEXINIT"; nil while incomplete,
    /// empty when the packet is not a KEXINIT.
    static func parse(_ bytes: [UInt8]) -> [AlgorithmKind: [String]]? {
        // Skip lines until the one starting with "SSH-" (servers may print others first).
        var index = 0
        var sawBanner = false
        while !sawBanner {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            sawBanner = bytes[index...].starts(with: Array("SSH-".utf8))
            index = newline + 1
        }
        guard bytes.count >= index + 5 else { return nil }
        let packetLength = bytes[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard packetLength < 35000, bytes.count >= index + 4 + packetLength else { return nil }
        var cursor = index + 5          // past length and padding length
        guard bytes[cursor] == 20 else { return [:] }   // SSH_MSG_KEXINIT
        cursor += 1 + 16                // message number and cookie
        // kex, host key, ciphers ctos and stoc, MACs ctos and stoc (compression and languages follow).
        var lists: [[String]] = []
        for _ in 0..<6 {
            guard cursor + 4 <= bytes.count else { return [:] }
            let length = bytes[cursor..<(cursor + 4)].reduce(0) { $0 << 8 | Int($1) }
            cursor += 4
            guard cursor + length <= bytes.count else { return [:] }
            lists.append(String(decoding: bytes[cursor..<(cursor + length)], as: UTF8.self)
                .split(separator: ",").map(String.init))
            cursor += length
        }
        func both(_ a: [String], _ b: [String]) -> [String] { a + b.filter { !a.contains($0) } }
        // ext-info-s and the strict-KEX marker are signals, not key exchange methods.
        let kex = lists[0].filter { !$0.hasPrefix("ext-info-") && !$0.hasPrefix("kex-strict-") }
        return [.keyExchange: kex, .hostKey: lists[1], .cipher: both(lists[2], lists[3]), .mac: both(lists[4], lists[5])]
    }
}

/// The first bytes a server sends (banner lines, then its KEXINIT), collected as they pass by
/// until the KEXINIT has been read (or 64 KiB came without one): what a jump tunnel knows of
/// the server behind it when the key exchange fails.
struct ServerGreeting {
    private var bytes: [UInt8] = []
    private var done = false
    /// The server's name-lists by kind (`ServerAlgorithmsProbe.parse`); nil until read.
    private(set) var algorithms: [AlgorithmKind: [String]]?

    mutating func record(_ received: UnsafeRawBufferPointer) {
        guard !done else { return }
        bytes += received
        if let parsed = ServerAlgorithmsProbe.parse(bytes) {
            algorithms = parsed.isEmpty ? nil : parsed
            done = true
        } else {
            done = bytes.count >= 65536
        }
        if done { bytes = [] }
    }
}
