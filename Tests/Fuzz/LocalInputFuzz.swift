// libFuzzer target for the local terminal's input decoder (keys, CSI/SS3 sequences, SGR
// mouse, bracketed paste, focus). Built by `scripts/fuzz localinput` from Console's decoder
// files against the VT module (which defines the events).
//
// Properties checked: decoding never crashes and ends; the events do not depend on how the
// bytes were split into reads (byte 0 seeds the split points), as long as nothing is flushed
// in between; after a final flush no escape is pending.
//
// Text is compared after merging neighbouring `.text` events: the decoder merges text within
// one read only, so "hello é" + "€" from two reads is the same typing as "hello é€" from one.
import Foundation
import VT

@_cdecl("LLVMFuzzerTestOneInput")
public func localInputFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let bytes = Array(input.dropFirst())

    var whole = LocalInputDecoder()
    var expected = whole.decode(bytes)
    expected += whole.flushPendingEscape()
    expected += whole.flushPendingEscape(evenAnAnswer: true)

    var split = LocalInputDecoder()
    var events: [InputEvent] = []
    var offset = 0
    var step = Int(input[0])
    while offset < bytes.count {
        step = (step &* 37 &+ 11) & 0xFF
        let length = min(bytes.count - offset, 1 + step % 17)
        events += split.decode(bytes[offset..<(offset + length)])
        offset += length
    }
    events += split.flushPendingEscape()
    events += split.flushPendingEscape(evenAnAnswer: true)

    if mergingText(events) != mergingText(expected) {
        fail("split reads decode as \(events), whole as \(expected)")
    }
    if split.hasPendingEscape || whole.hasPendingEscape {
        fail("an escape is still pending after the flush")
    }

    return 0
}

/// Events with each run of `.text` joined into one.
func mergingText(_ events: [InputEvent]) -> [InputEvent] {
    var merged: [InputEvent] = []
    for event in events {
        if case .text(let more) = event, case .text(let text)? = merged.last {
            merged[merged.count - 1] = .text(text + more)
        } else {
            merged.append(event)
        }
    }
    return merged
}

/// Prints what broke and aborts, so libFuzzer saves the input as a crash.
func fail(_ message: String) -> Never {
    fputs("localinput fuzz: \(message)\n", stderr)
    abort()
}
