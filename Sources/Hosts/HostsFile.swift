#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// The `hosts.json` format: `{"version": 1, "hosts": [...]}`, pretty-printed with sorted keys
/// and ISO 8601 times (InternetDate). Decoding tells a corrupt file from a newer one.
public enum HostsFile {
    public static let currentVersion = 1

    /// Why bytes could not be read as a registry.
    public enum Problem: Error, Equatable, Sendable {
        case unreadable(String)
        case newer(version: Int)
    }

    private struct Document: Codable {
        var version: Int
        var hosts: [HostEntry]
    }

    /// The document's shape, each host only checked to be there (they are decoded one by one).
    private struct Shape: Decodable {
        var hosts: [Present]
        struct Present: Decodable { init(from decoder: any Decoder) throws {} }
    }

    private struct VersionOnly: Decodable {
        var version: Int?
    }

    public static func encode(_ list: HostList) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(InternetDate.format(date))
        }
        guard !list.invalid.isEmpty else {
            var data = try encoder.encode(Document(version: currentVersion, hosts: list.hosts))
            data.append(0x0a)
            return data
        }
        // The same layout the encoder writes, with each invalid entry's bytes put back as read.
        var items = try list.hosts.map { host -> Data in
            let text = String(decoding: try encoder.encode(host), as: UTF8.self)
            return Data(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ").utf8)
        }
        for entry in list.invalid.reversed() { items.insert(entry.raw, at: min(entry.position, items.count)) }
        var data = Data("{\n  \"hosts\" : [\n".utf8)
        for (index, item) in items.enumerated() {
            data.append(contentsOf: Array("    ".utf8))
            data.append(item)
            data.append(contentsOf: Array((index == items.count - 1 ? "\n" : ",\n").utf8))
        }
        data.append(contentsOf: Array("  ],\n  \"version\" : \(currentVersion)\n}\n".utf8))
        return data
    }

    /// Decodes and checks a file's bytes. A missing `user` becomes `localUser`.
    public static func decode(_ data: Data, localUser: String) -> Result<HostList, Problem> {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = InternetDate.parse(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
            }
            return date
        }
        decoder.userInfo[.localUser] = localUser
        let version: Int
        do {
            guard let v = try decoder.decode(VersionOnly.self, from: data).version else {
                return .failure(.unreadable("it has no \"version\" field"))
            }
            version = v
        } catch {
            return .failure(.unreadable(syntaxProblem(data) ?? describe(error)))
        }
        if version > currentVersion { return .failure(.newer(version: version)) }
        if version < 1 { return .failure(.unreadable("version \(version) is not a known version")) }
        do {
            _ = try decoder.decode(Shape.self, from: data)
        } catch {
            return .failure(.unreadable(describe(error)))
        }
        let bytes = [UInt8](data)
        guard let spans = JSONArraySpans.elements(ofTopLevelKey: "hosts", in: bytes) else {
            return .failure(.unreadable("its \"hosts\" array could not be located"))
        }
        var hosts: [HostEntry] = []
        var invalid: [InvalidHostEntry] = []
        var names = Set<String>()
        for (index, span) in spans.enumerated() {
            let raw = Data(bytes[span])
            let host: HostEntry
            do {
                host = try decoder.decode(HostEntry.self, from: raw)
            } catch {
                return .failure(.unreadable("host \(index + 1): \(describe(error))"))
            }
            if !names.insert(host.name).inserted {
                return .failure(.unreadable("the name '\(HostValidationError.printable(host.name))' appears twice"))
            }
            do {
                try host.validate()
                hosts.append(host)
            } catch let problem as HostValidationError {
                // Well-formed but against today's rules: kept aside, the rest stays usable.
                invalid.append(InvalidHostEntry(entry: host, problem: problem, raw: raw, position: hosts.count))
            } catch {
                return .failure(.unreadable("host \(index + 1): \(error)"))
            }
        }
        return .success(HostList(hosts, invalid: invalid))
    }

    /// Why bytes that do not decode as an object are wrong: bad JSON (with the parser's
    /// position when it gives one) or JSON that is not an object. Nil when the bytes are a
    /// JSON object (the problem is then in its fields).
    private static func syntaxProblem(_ data: Data) -> String? {
        do {
            return try JSONValue.parse(data, fragments: true).object != nil ? nil : "it is JSON but not an object"
        } catch {
            let detail = "\(error)"
            return "it is not valid JSON: " + (detail.hasSuffix(".") ? String(detail.dropLast()) : detail)
        }
    }

    /// A short account of a decoding error: what is wrong and where.
    private static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let p = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return p.isEmpty ? "the top level" : String(p.drop { $0 == "." })
        }
        switch error as? DecodingError {
        case let .keyNotFound(key, ctx)?:
            return "\(path(ctx.codingPath)) has no \"\(key.stringValue)\" field"
        case let .typeMismatch(_, ctx)?, let .valueNotFound(_, ctx)?:
            return "\(path(ctx.codingPath)) has the wrong type"
        case let .dataCorrupted(ctx)?:
            // JSONDecoder gives no detail of the syntax (syntaxProblem names it, where it runs).
            return ctx.codingPath.isEmpty ? "invalid JSON" : "\(path(ctx.codingPath)): \(ctx.debugDescription)"
        default:
            return "invalid JSON"
        }
    }
}
