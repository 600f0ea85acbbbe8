// libFuzzer target for the VT emulator (parser + screen + input encoding).
// Built by scripts/fuzz against the VT module (compiled with -enable-testing, hence @testable;
// the module is shared with the other targets that use VT, so it is compiled once).
//
// Input layout: byte 0 and 1 pick the screen size; the rest is the stream. Every byte of
// value 0xFE that follows a 0xFD splits the stream and resizes the terminal to a size taken
// from the next two bytes, so resize runs between arbitrary parser states; the remaining
// bytes are fed in pieces whose lengths come from the data, so sequences and UTF-8
// characters are split across feeds. At the end the frame is taken, replies drained and an
// input event encoded for the modes the stream left behind.

@testable import VT

@_cdecl("LLVMFuzzerTestOneInput")
public func vtFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 2 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let terminal = Terminal(columns: 1 + Int(input[0] % 140), rows: 1 + Int(input[1] % 60), scrollbackLimit: 64)
    var index = 2
    var piece = 1
    while index < size {
        if input[index] == 0xFD, index + 3 < size, input[index + 1] == 0xFE {
            terminal.resize(columns: 1 + Int(input[index + 2] % 200), rows: 1 + Int(input[index + 3] % 80))
            _ = terminal.frame()
            index += 4
            continue
        }
        let length = min(size - index, piece)
        terminal.feed(UnsafeRawBufferPointer(start: data + index, count: length))
        piece = 1 + Int(input[index]) % 97
        index += length
    }
    let frame = terminal.frame()
    _ = terminal.takeReplies()
    _ = terminal.title
    _ = terminal.isFrameComplete
    precondition(frame.cells.count == frame.columns * frame.rows, "frame size does not match its cells")
    precondition(frame.cursorRow >= 0 && frame.cursorRow < frame.rows, "cursor row outside the screen")
    precondition(frame.cursorColumn >= 0 && frame.cursorColumn < frame.columns, "cursor column outside the screen")
    for row in 0..<frame.rows { _ = frame.rowText(row) }
    // A wide cell is followed by its spacer; only the last column may hold one alone (a left
    // half kept after a clipped DECCRA, StoredCell.leftAloneBit). A spacer always follows a
    // wide cell (Drover never keeps a right half alone). WideHalfPairingTests checks the same
    // after every operation of generated streams.
    for row in 0..<frame.rows {
        for column in 0..<frame.columns {
            let width = frame[row, column].width
            if width == 2 && column + 1 < frame.columns {
                precondition(frame[row, column + 1].width == 0, "a wide cell without its spacer off the last column")
            } else if width == 0 {
                precondition(column > 0 && frame[row, column - 1].width == 2, "a spacer without its wide cell")
            }
        }
    }

    let encoder = InputEncoder(modes: terminal.modes)
    let column = 1 + Int(input[size - 1]) % max(1, frame.columns)
    _ = encoder.encode(.mouse(MouseEvent(button: .left, action: .press, column: column, row: 1)))
    _ = encoder.encode(.mouse(MouseEvent(button: .none, action: .motion, column: column, row: frame.rows)))
    _ = encoder.encode(.key(.function(1 + Int(input[0]) % 24), KeyModifiers(rawValue: input[1] & 0x0F)))
    _ = encoder.encode(.paste(String(decoding: input.suffix(64), as: UTF8.self)))
    // Keys under whatever keyboard mode the stream left (kitty flags, modifyOtherKeys).
    let types: [KeyEventType] = [.press, .repeat, .release]
    let scalar = Unicode.Scalar(UInt32(input[size / 2]) % 0x80 + (input[0] & 1 == 0 ? 0 : 0x400)) ?? "a"
    _ = encoder.encode(KeyEvent(.character(scalar), KeyModifiers(rawValue: input[1]), type: types[Int(input[0]) % 3]))
    _ = encoder.encode(KeyEvent(.keypad("5"), KeyModifiers(rawValue: input[size - 1]), type: types[Int(input[1]) % 3]))
    _ = encoder.encode(.text(String(decoding: input.prefix(16), as: UTF8.self)))
    let keyboard = terminal.modes.keyboard
    precondition(keyboard.mainStack.count <= KittyKeyboardStack.depth && keyboard.alternateStack.count <= KittyKeyboardStack.depth,
                 "a kitty keyboard stack grew past its depth")
    return 0
}
