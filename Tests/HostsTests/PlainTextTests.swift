import Foundation
import TextSafety
import XCTest

/// TextSafety's `PlainText` took the place of `NSString`'s trimming, padding and replacing
/// (ADR 0033); each is compared with Foundation's here, over the whole Basic Multilingual Plane (where
/// every white space scalar is) for the sets.
final class PlainTextTests: XCTestCase {
    func testTrimmingRemovesExactlyFoundationsWhitespaceSets() {
        var checked = 0
        for value in Array(UInt32(0)...0xFFFF) + [0x1F600, 0xE0020, 0x10FFFF] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar)) + "x" + String(Character(scalar))
            XCTAssertEqual(text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines),
                           "U+\(String(value, radix: 16))")
            if value < 0x80 {
                XCTAssertEqual(scalar.isASCIIAlphanumeric, CharacterSet.alphanumerics.contains(scalar), "U+\(String(value, radix: 16))")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 60_000)
        XCTAssertEqual(" \u{301}a ".trimmingSpaces(), " \u{301}a ".trimmingCharacters(in: .whitespaces))
        XCTAssertEqual("\u{200B}box ".trimmingSpaces(), "box")
    }

    func testPaddingCountsUTF16UnitsAndCutsLongerText() {
        for text in ["", "a", "host", "naïve", "日本", "🙂x", "a-much-longer-name"] {
            for width in [0, 1, 3, 6, 12] {
                XCTAssertEqual(text.padded(toLength: width), text.padding(toLength: width, withPad: " ", startingAt: 0),
                               "\(text) to \(width)")
            }
        }
    }

    func testReplacingMatchesEveryOccurrenceByteForByte() {
        let cases = [("it's 'here'", "'", "'\\''"), ("a=b==", "=", ""), ("a\\b", "\\", "\\\\"), ("x:y", ":", "\\:"),
                     ("&amp;&lt;", "&amp;", "&"), ("1.0 MiB", ".0 MiB", " MiB"), ("none", "z", "y"), ("aaa", "aa", "b")]
        for (text, target, replacement) in cases {
            XCTAssertEqual(text.replacingLiterally(target, with: replacement),
                           text.replacingOccurrences(of: target, with: replacement), text)
        }
        // A quote with a combining mark after it is still a quote byte to a shell: it is replaced.
        XCTAssertEqual("a'\u{301}b".replacingLiterally("'", with: "'\\''"), "a'\\''\u{301}b")
    }
}
