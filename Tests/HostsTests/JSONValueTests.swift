import Foundation
import TextSafety
import XCTest

/// `JSONValue` took the place of Foundation's `JSONSerialization` in Drover (ADR 0033): it must
/// accept, refuse and describe a document as that did, since hosts.json's error names the
/// parser's words. Each case is checked against `JSONSerialization` in this process.
final class JSONValueTests: XCTestCase {
    private let broken = [
        "", "   ", "{", "[", "{\"a\"", "{\"a\":", "{\"a\": tru}", "{\"a\": nul", "{\"a\": 1} x", "[1 2]", "{\"a\" 1}",
        "{1: 2}", "[01]", "[-01]", "[1.]", "[1.e5]", "[1e]", "[-]", "[1.5x]", "{\"a\": \"\\q\"}", "[\"a\u{01}\"]",
        "[\"\\u12G4\"]", "[\"\\ud800x\"]", "[\"\\ud800\\u0041\"]", "[\"abc", "[\"\\", "{\"version\": 1, \"hosts\": [ {\"name\": \"a\"",
        "[1,,2]", "{,}", "[true false]", "nulll", "[1e999]",
    ]
    private let accepted = [
        "[1,]", "{\"a\": 1,}", "\"text\"", "12", "-0.5e+3", "true", "null", "{\"a\": [1, {\"b\": \"\\u00e9\\ud83d\\ude00\\n\"}]}",
        " \r\n\t[ ] ", "{\"a\": \"\u{e9}\"}",
    ]

    private func foundationMessage(_ text: String) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "no description"
        }
    }

    func testBrokenDocumentsAreDescribedInJSONSerializationsWords() {
        for text in broken {
            let expected = foundationMessage(text)
            XCTAssertNotNil(expected, "JSONSerialization accepts \(text.debugDescription): take it off this list")
            XCTAssertThrowsError(try JSONValue.parse(Array(text.utf8), fragments: true), text.debugDescription) { error in
                XCTAssertEqual("\(error)", expected, text.debugDescription)
            }
        }
    }

    func testWhatJSONSerializationAcceptsIsAcceptedWithTheSameValues() throws {
        for text in accepted {
            XCTAssertNil(foundationMessage(text), text.debugDescription)
            XCTAssertNoThrow(try JSONValue.parse(Array(text.utf8), fragments: true), text.debugDescription)
        }
        let value = try JSONValue.parse(Array(#"{"a": [1, 2.0, "x", true, null], "b": {"c": "\u00e9\ud83d\ude00"}}"#.utf8))
        XCTAssertEqual(value.object?["a"]?.array?.map(\.int), [1, 2, nil, nil, nil])
        XCTAssertEqual(value.object?["a"]?.array?[3].double, 1)
        XCTAssertEqual(value.object?["b"]?.object?["c"]?.string, "\u{e9}\u{1F600}")
        XCTAssertNil(value.object?["a"]?.strings)
        XCTAssertEqual(try JSONValue.parse(Array(#"["a", "b"]"#.utf8)).strings, ["a", "b"])
    }

    func testATopLevelFragmentIsRefusedUnlessAllowed() {
        XCTAssertThrowsError(try JSONValue.parse(Array("12".utf8))) { error in
            XCTAssertEqual("\(error)", "JSON text did not start with array or object and option to allow fragments not set.")
        }
        XCTAssertThrowsError(try JSONValue.parse(Array(String(repeating: "[", count: 600).utf8))) { error in
            XCTAssertEqual("\(error)", foundationMessage(String(repeating: "[", count: 600)))
        }
    }
}
