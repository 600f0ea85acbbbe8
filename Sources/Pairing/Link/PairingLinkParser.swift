import Hosts

/// Reads the text of a `herdr://pair` link into a `PairingLink`, checking every field by the
/// herdr app's rules (docs/pairing-protocol.md, section 2), hosts under `scope`.
enum PairingLinkParser {
    static let knownFields: Set<String> = ["v", "id", "n", "u", "os", "h", "p", "fp", "k", "x", "s"]
    static let requiredFields = ["v", "id", "n", "u", "os", "h", "p", "fp", "k", "x"]

    static func parse(_ text: String, hosts scope: PairingHostRules.Scope = .herdrApp) throws(PairingLinkError) -> PairingLink {
        let values = try fields(of: text)
        // Every field is looked for before any is checked: a link whose `&` before `k=` was
        // lost is told `k` is missing, instead of seeing the key quoted inside another value.
        for field in requiredFields where values[field] == nil { throw .missingField(field) }

        func required(_ field: String) throws(PairingLinkError) -> String {
            guard let value = values[field] else { throw .missingField(field) }
            return value
        }
        func check(_ ok: Bool, _ field: String, _ problem: String) throws(PairingLinkError) {
            if !ok { throw .invalidField(field, problem) }
        }

        let version = try required("v")
        guard version == String(PairingLink.version) else { 
            let printable = version.utf8.count <= 8 && version.utf8.allSatisfy { (48...57).contains($0) }
            throw .unsupportedVersion(printable ? version : "?")
        }

        let id = try required("id")
        try check(PairingFieldRules.isPairingID(id), "id", "not 16 bytes of canonical base64url (22 characters)")

        let name = try required("n")
        try check(PairingFieldRules.isComputerName(name), "n", "the computer name is longer than 64 characters")

        let user = try required("u")
        try check(PairingFieldRules.isUser(user), "u",
                  "the account must be 1 to 64 characters without spaces, control or format characters")

        let os = try required("os")
        guard let platform = Platform(rawValue: os) else {
            throw .invalidField("os", "must be unix or windows")
        }

        let addresses = try required("h").split(separator: ",", omittingEmptySubsequences: false)
            .map { PairingHostRules.normalized(String($0)) }
        try check((1...4).contains(addresses.count), "h", "needs 1 to 4 comma-separated addresses")
        for address in addresses {
            guard let problem = PairingHostRules.problem(with: address, scope: scope) else { continue }
            if scope == .herdrApp && PairingHostRules.accepts(address, scope: .beyondTailnet) {
                throw .hostBeyondTailnet(problem)
            }
            throw .invalidField("h", problem)
        }

        let portText = try required("p")
        let port = isDecimal(portText) ? Int(portText) : nil
        guard let port, (1...65535).contains(port) else { throw .invalidField("p", "not a port number from 1 to 65535") }

        let fingerprints = try required("fp").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        try check((1...3).contains(fingerprints.count), "fp", "needs 1 to 3 comma-separated fingerprints")
        try check(fingerprints.allSatisfy(PairingFieldRules.isFingerprint), "fp", "not a SHA256 fingerprint")

        guard let seed = Base64URL.decodeCanonical(try required("k"), count: 32) else {
            throw .invalidField("k", "not a 32-byte key in canonical unpadded base64url")
        }

        let expiryText = try required("x")
        guard let expiry = isDecimal(expiryText) ? Int64(expiryText) : nil else {
            throw .invalidField("x", "not a time in Unix seconds")
        }

        let session = values["s"]
        if let session {
            try check(PairingFieldRules.isSessionName(session), "s", PairingFieldRules.sessionNameRule)
        }

        return PairingLink(id: id, computerName: name, user: user, platform: platform, addresses: addresses,
                           port: port, hostKeyFingerprints: fingerprints, seed: seed, expiry: expiry,
                           session: session)
    }

    /// One or more ASCII digits and nothing else (no sign, point or space).
    private static func isDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The decoded values of the known fields; unknown keys are skipped, a repeated known key
    /// or a known key without `=` is an error. Names and values are `%XX`-decoded unless the
    /// app reads every `%` of the query literally (`PairingLinkURL.percentIsLiteral`).
    static func fields(of text: String) throws(PairingLinkError) -> [String: String] {
        let query = try PairingLinkURL.query(of: text)
        let literal = PairingLinkURL.percentIsLiteral(in: query)
        func read(_ raw: ArraySlice<UInt8>) throws(QueryEscaping.DecodeFailure) -> String {
            literal ? String(decoding: raw, as: UTF8.self) : try QueryEscaping.unescape(raw)
        }

        var values: [String: String] = [:]
        for piece in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let rawKey = equals.map { piece[..<$0] } ?? piece
            let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
            guard let key = try? read(rawKey), knownFields.contains(key) else { continue }
            if values[key] != nil { throw .duplicatedField(key) }
            guard equals != nil else { throw .invalidField(key, "has no = and value") }
            guard let value = try? read(rawValue) else { throw .invalidField(key, "its %-escapes are not UTF-8 text") }
            values[key] = value
        }
        return values
    }
}
