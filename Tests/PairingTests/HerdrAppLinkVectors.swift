@testable import Pairing

/// The herdr app's link rules as a table of vectors, in Drover's own data: each row changes
/// one thing in a valid base link and says what the app does with the result. The rows cover
/// every class of input the app's own tests (HerdrKit's PairingPayloadTests in
/// Volpestyle/herdr-ios) check, plus the boundaries the issue named (253/254-byte names,
/// 63/64-byte labels, 8192 bytes, mixed case, non-ASCII), and what the app's URL parser
/// (Foundation's, as the app runs it on Linux) does with the authority, raw characters and a
/// stray `%`. `HerdrAppLinkVectorTests` runs them through Drover's parser, written both as
/// Drover escapes a query and as Foundation's `URLComponents` does (as the app's tests do);
/// docs/pairing-protocol.md states the same rules in words.
enum HerdrAppLinkVectors {
    /// The clock every vector is read at.
    static let now: Int64 = 1_800_000_000

    static let id = "ISEhISEhISEhISEhISEhIQ"                           // 16 × 0x21
    static let seed = "WlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlo"      // 32 × 0x5A
    static let fingerprint = "SHA256:bdES/5B2FfAJ3GtYDFnZITiQ3TsI1IYASRCT9pJWREI"

    /// The base link's fields in order (values unescaped).
    static let base: [(String, String)] = [
        ("v", "1"), ("id", id), ("n", "Ana’s Mac"), ("u", "ana"), ("os", "unix"),
        ("h", " Box.Tail9f8e.ts.net. ,box,100.64.0.7,fd7a:115c:a1e0::7"), ("p", "22"), ("fp", fingerprint),
        ("k", seed), ("x", String(now + 600)), ("s", "phone"),
    ]
    /// The base link's escapes written as the raw characters they stand for (6 bytes the app
    /// escapes itself: `’` and three spaces).
    static let rawSpellings = [("&n=Ana%E2%80%99s%20Mac", "&n=Ana’s Mac"), ("&h=%20Box.Tail9f8e.ts.net.%20,", "&h= Box.Tail9f8e.ts.net. ,"),
                               ("%2F", "/")]
    /// The base link's hosts as the app keeps them.
    static let baseHosts = ["box.tail9f8e.ts.net", "box", "100.64.0.7", "fd7a:115c:a1e0::7"]

    /// What one vector does to the base link.
    enum Change {
        /// Sets a field (nil removes it).
        case field(String, String?)
        /// Adds raw text after the query.
        case append(String)
        /// Replaces raw text of the link, each pair in turn.
        case replace(String, String)
        case replaceAll([(String, String)])
        /// Adds a known field's base value a second time.
        case duplicate(String)
        /// Pads with an unknown key until the whole text is this many bytes; with
        /// `rawCharacters`, the base link is first written with `rawSpellings`.
        case totalBytes(Int, rawCharacters: Bool = false)
    }

    /// What the app does.
    enum Outcome: Equatable {
        /// Parses; with `hosts`, to exactly these normalized hosts.
        case accepted(hosts: [String]?)
        case missing(String)
        case duplicated(String)
        case unsupportedVersion
        case invalid(String)
        case expired
        /// Not a pairing link at all (scheme, shape, fragment, length).
        case notALink
    }

    struct Vector {
        let name: String
        let change: Change
        let outcome: Outcome
    }

    static func ok(_ name: String, _ change: Change, hosts: [String]? = nil) -> Vector {
        Vector(name: name, change: change, outcome: .accepted(hosts: hosts))
    }

    static func bad(_ field: String, _ name: String, _ value: String) -> Vector {
        Vector(name: name, change: .field(field, value), outcome: .invalid(field))
    }

    static func host(_ value: String, _ expected: String) -> Vector {
        ok("host \(value.debugDescription)", .field("h", value), hosts: [expected])
    }

    static func badHost(_ name: String, _ value: String) -> Vector { bad("h", name, value) }

    /// A name of `bytes` bytes under .ts.net, its labels at most 63 bytes.
    static func name(bytes: Int) -> String {
        let head = [String(repeating: "a", count: 63), String(repeating: "b", count: 63), String(repeating: "c", count: 63)]
        return (head + [String(repeating: "d", count: bytes - 3 * 64 - 7)]).joined(separator: ".") + ".ts.net"
    }
    static let longName = name(bytes: 253)

    static var all: [Vector] {
        var rows: [Vector] = [
            ok("base link", .field("os", "unix"), hosts: baseHosts),
            ok("windows computer", .field("os", "windows"), hosts: baseHosts),
            ok("no session", .field("s", nil)),
            ok("keys the protocol does not define are ignored", .append("&cmd=touch%20x&remoteCommand=powershell")),
            ok("scheme and host in capitals", .replace("herdr://pair?", "HERDR://PAIR?")),
            ok("empty computer name", .field("n", "")),
            ok("computer name of 64 characters", .field("n", String(repeating: "é", count: 64))),
            ok("account of 64 characters", .field("u", String(repeating: "u", count: 64))),
            ok("expiry 1 second ahead", .field("x", String(now + 1))),
            ok("expiry 900 seconds ahead", .field("x", String(now + 900))),
            ok("link of exactly 8192 bytes", .totalBytes(8192)),
            ok("characters left for the app to escape", .replaceAll(rawSpellings), hosts: baseHosts),
            ok("8180 bytes, 6 of them raw, 8192 as the app counts", .totalBytes(8180, rawCharacters: true)),
            ok("a fragment whose escapes are not UTF-8 is no fragment to the app", .append("#%FF")),
            ok("empty port in the authority", .replace("//pair?", "//pair:?")),
            ok("host of the authority %-escaped", .replace("//pair?", "//p%61ir?")),
            ok("capitals and an empty port", .replace("herdr://pair?", "HERDR://PAIR:?")),
            ok("a % without two hex digits, and every % of the query is read literally",
               .replaceAll(rawSpellings + [("&n=Ana’s Mac", "&n=100%")]), hosts: baseHosts),
            ok("port with leading zeros", .field("p", "00022")),
            host("100.64.0.0", "100.64.0.0"),
            host("100.127.255.255", "100.127.255.255"),
            host("Work-PC", "work-pc"),
            host("work.tail42.ts.net.", "work.tail42.ts.net"),
            host("MiXeD.TaIl42.Ts.NeT", "mixed.tail42.ts.net"),
            host("\u{00A0}\tbox\n", "box"),
            host("\u{200B}box\u{2028}", "box"),
            host("\u{212A}ey.tail42.ts.net", "key.tail42.ts.net"),
            host("a.b.ts.net", "a.b.ts.net"),
            host(String(repeating: "x", count: 63), String(repeating: "x", count: 63)),
            host(longName, longName),
            host("fd7a:115c:a1e0::", "fd7a:115c:a1e0::"),
            host("fd7a:115c:a1e0:ffff:ffff:ffff:ffff:ffff", "fd7a:115c:a1e0:ffff:ffff:ffff:ffff:ffff"),
            host("FD7A:115C:A1E0::9", "fd7a:115c:a1e0::9"),
            Vector(name: "version 2", change: .field("v", "2"), outcome: .unsupportedVersion),
            Vector(name: "expired a second ago", change: .field("x", String(now - 1)), outcome: .expired),
            Vector(name: "expiry equal to the current second", change: .field("x", String(now)), outcome: .expired),
        ]
        for field in ["v", "id", "n", "u", "os", "h", "p", "fp", "k", "x"] {
            rows.append(Vector(name: "\(field) missing", change: .field(field, nil), outcome: .missing(field)))
        }
        for (field, _) in base {
            rows.append(Vector(name: "\(field) twice", change: .duplicate(field), outcome: .duplicated(field)))
        }
        rows += [
            bad("id", "empty id", ""), bad("id", "id with a path", "../state"),
            bad("id", "id of 15 bytes", "AAAAAAAAAAAAAAAAAAAA"),
            bad("id", "id with unused bits set", "ISEhISEhISEhISEhISEhIR"),
            bad("id", "padded id", id + "=="),
            bad("n", "computer name of 65 characters", String(repeating: "n", count: 65)),
            Vector(name: "n without =", change: .replace("&n=Ana%E2%80%99s%20Mac", "&n"), outcome: .invalid("n")),
            bad("u", "empty account", ""), bad("u", "account with a space", "ana b"),
            bad("u", "account with a line feed", "ana\n"), bad("u", "account with a tab", "ana\t"),
            bad("u", "account with NUL", "ana\u{0}"), bad("u", "account of 65 characters", String(repeating: "u", count: 65)),
            bad("u", "account with a zero-width space (format character)", "ana\u{200B}"),
            bad("u", "account with a no-break space", "ana\u{00A0}b"),
            bad("os", "os macos", "macos"), bad("os", "os in capitals", "WINDOWS"), bad("os", "empty os", ""),
            bad("p", "port 0", "0"), bad("p", "port 65536", "65536"), bad("p", "negative port", "-1"),
            bad("p", "port with a plus", "+22"), bad("p", "port with a point", "22.0"), bad("p", "port with a space", " 22"),
            bad("p", "port in Arabic-Indic digits", "٢٢"), bad("p", "empty port", ""),
            bad("fp", "empty fingerprint", ""), bad("fp", "short fingerprint", "SHA256:abc"),
            bad("fp", "MD5 fingerprint", "MD5:" + String(repeating: "a", count: 43)),
            bad("fp", "fingerprint with unused bits set", String(fingerprint.dropLast()) + "J"),
            bad("fp", "fingerprint in the base64url alphabet", "SHA256:" + String(repeating: "_", count: 43)),
            bad("fp", "four fingerprints", Array(repeating: fingerprint, count: 4).joined(separator: ",")),
            bad("k", "empty key", ""), bad("k", "key in padded standard base64", seed + "="),
            bad("k", "key of 31 bytes", String(repeating: "A", count: 42)),
            bad("k", "key with unused bits set", String(seed.dropLast()) + "p"),
            bad("k", "key in the standard alphabet", String(repeating: "/", count: 43)),
            bad("x", "expiry nan", "nan"), bad("x", "expiry inf", "inf"), bad("x", "fractional expiry", "\(now + 600).5"),
            bad("x", "expiry past Int64", "9223372036854775808"), bad("x", "expiry 901 seconds ahead", String(now + 901)),
            bad("x", "expiry with a plus", "+\(now + 600)"),
            bad("s", "empty session", ""), bad("s", "session .", "."), bad("s", "session ..", ".."),
            bad("s", "session with a space", "a b"), bad("s", "session with shell text", "$(calc)"),
            bad("s", "session of 65 bytes", String(repeating: "s", count: 65)),
        ]
        rows += invalidHosts.map { badHost("host \($0.debugDescription)", $0) }
        rows += [
            Vector(name: "https scheme", change: .replace("herdr://", "https://"), outcome: .notALink),
            Vector(name: "other host", change: .replace("//pair?", "//other?"), outcome: .notALink),
            Vector(name: "user in the authority", change: .replace("//pair?", "//user@pair?"), outcome: .notALink),
            Vector(name: "port in the authority", change: .replace("//pair?", "//pair:22?"), outcome: .notALink),
            Vector(name: "a path", change: .replace("//pair?", "//pair/path?"), outcome: .notALink),
            Vector(name: "a fragment", change: .append("#fragment"), outcome: .notALink),
            Vector(name: "an empty fragment", change: .append("#"), outcome: .notALink),
            Vector(name: "link of 8193 bytes", change: .totalBytes(8193), outcome: .notALink),
            Vector(name: "8181 bytes, 6 of them raw, 8193 as the app counts", change: .totalBytes(8181, rawCharacters: true),
                   outcome: .notALink),
            Vector(name: "a fragment of UTF-8 escapes", change: .append("#%C3%A9"), outcome: .notALink),
            Vector(name: "a fragment the app escapes again", change: .append("#%FF%20x y"), outcome: .notALink),
            Vector(name: "an empty user in the authority", change: .replace("//pair?", "//@pair?"), outcome: .notALink),
            Vector(name: "an escaped colon in the host", change: .replace("//pair?", "//pair%3A?"), outcome: .notALink),
            Vector(name: "a bad escape in the host", change: .replace("//pair?", "//pa%zzir?"), outcome: .notALink),
            Vector(name: "no authority", change: .replace("herdr://pair?", "herdr:pair?"), outcome: .notALink),
            Vector(name: "a % without two hex digits leaves the other escapes undecoded",
                   change: .replace("&n=Ana%E2%80%99s%20Mac", "&n=100%"), outcome: .invalid("h")),
            Vector(name: "a raw space leaves the other escapes undecoded", change: .append("&note=a b"), outcome: .invalid("h")),
            Vector(name: "link far over 8192 bytes", change: .append("&extra=" + String(repeating: "x", count: 8192)),
                   outcome: .notALink),
        ]
        return rows
    }

    /// Hosts the app refuses, each a class of its own.
    static let invalidHosts = [
        "", "box,", "box,,pc", "a,b,c,d,e", "127.0.0.1", "192.168.1.20", "100.63.255.255", "100.128.0.0",
        "100.064.0.1", "2130706433", "0x7f000001", "127.1", "0177.0.0.1", "::1", "::ffff:100.64.0.1",
        "fd7a:115c:a1e1::1", "fd7a:115c:a1e0::1%en0", "[fd7a:115c:a1e0::1]", "example.com", "ts.net",
        "pc.ts.net.evil.com", "pc..ts.net", "-pc", "pc-", "pc_name", "pc/path", "pc:22", "pc@mac", "pc\nmac",
        "*.ts.net", "fd7a:115c:a1e0::1\u{0}ignored", String(repeating: "a", count: 64),
        name(bytes: 254), String(repeating: "l", count: 64) + ".tail42.ts.net", "büro.tail42.ts.net", "box..",
    ]
}
