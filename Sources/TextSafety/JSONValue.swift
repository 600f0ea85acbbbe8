/// A JSON document read without a schema: `tailscale status --json`, an asciicast line, a
/// hosts.json whose syntax is in question. What `JSONSerialization.jsonObject` gave Drover,
/// without linking Foundation (ADR 0033); typed data still goes through `JSONDecoder`.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's value and its text as written.
    case number(Double, text: String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes` (UTF-8) as one JSON value, as `JSONSerialization` did: top level any value
    /// when `fragments` is true, else only an object or an array; trailing commas accepted.
    /// Throws `JSONSyntaxError`, whose description is `JSONSerialization`'s.
    public static func parse<Bytes: Collection>(_ bytes: Bytes, fragments: Bool = false) throws -> JSONValue
    where Bytes.Element == UInt8 {
        var reader = JSONReader(Array(bytes))
        let value = try reader.document()
        if !fragments {
            switch value {
            case .object, .array: break
            default: throw JSONSyntaxError(text: "JSON text did not start with array or object and option to allow fragments not set.")
            }
        }
        return value
    }

    /// The members of an object; nil for anything else.
    public var object: [String: JSONValue]? {
        if case let .object(members) = self { return members }
        return nil
    }

    /// The items of an array; nil for anything else.
    public var array: [JSONValue]? {
        if case let .array(items) = self { return items }
        return nil
    }

    public var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    /// An array of strings only; nil when anything else is in it.
    public var strings: [String]? {
        guard let items = array else { return nil }
        let texts = items.compactMap(\.string)
        return texts.count == items.count ? texts : nil
    }

    /// A number (or, as `NSNumber` held them, a boolean as 1 or 0).
    public var double: Double? {
        switch self {
        case let .number(value, _): return value
        case let .bool(flag): return flag ? 1 : 0
        default: return nil
        }
    }

    /// A number that is a whole `Int` (`2` or `2.0`); nil for anything else.
    public var int: Int? {
        guard case let .number(value, _) = self, value.rounded() == value, let whole = Int(exactly: value) else { return nil }
        return whole
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as a message shows it: a number as written, a string as is.
    public var description: String {
        switch self {
        case .null: return "<null>"
        case let .bool(flag): return flag ? "1" : "0"
        case let .number(_, text): return text
        case let .string(text): return text
        case let .array(items): return "(" + items.map(\.description).joined(separator: ", ") + ")"
        case let .object(members): return "{" + members.keys.sorted().joined(separator: ", ") + "}"
        }
    }
}

/// Why bytes are not JSON, in `JSONSerialization`'s words (`Invalid value around character 8.`).
public struct JSONSyntaxError: Error, CustomStringConvertible, Equatable {
    public let text: String
    public var description: String { text }
}
