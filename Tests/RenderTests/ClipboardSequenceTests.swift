import XCTest
@testable import Render

/// OSC 52 for the local clipboard: the text's UTF-8 in standard base64 between `ESC ] 52 ; c ;`
/// and BEL, checked against known encodings (RFC 4648 test vectors and a wide character).
final class ClipboardSequenceTests: XCTestCase {
    func testBase64MatchesTheRFCVectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==",
                       "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            var out: [UInt8] = []
            ClipboardSequence.appendBase64(Array(plain.utf8), to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), encoded, plain)
        }
    }

    func testSequenceWrapsTheUTF8OfTheText() {
        let bytes = ClipboardSequence.osc52("漢a\n")
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "\u{1B}]52;c;5ryiYQo=\u{07}")
    }
}
