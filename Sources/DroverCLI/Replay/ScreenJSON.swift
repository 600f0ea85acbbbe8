import TextSafety
import VT

/// `drover replay --format json`: every cell (text, width, attributes that differ from
/// plain), the cursor, the title, the mouse tracking mode and encoding, the keyboard mode (kitty
/// flags of the screen shown, modifyOtherKeys) and the other modes.
/// Hand-written so key order is stable and output diffs well.
enum ScreenJSON {
    static func render(_ frame: Frame, modes: TerminalModes) -> String {
        var rows: [String] = []
        for r in 0..<frame.rows {
            var cells: [String] = []
            for c in 0..<frame.columns {
                let cell = frame[r, c]
                cells.append("{\"text\":\(JSONText.literal(frame.text(of: cell))),\"width\":\(cell.width),\"attributes\":\(attributes(cell.attributes, frame))}")
            }
            rows.append("    [" + cells.joined(separator: ",") + "]")
        }
        let cursor = "{\"row\":\(frame.cursorRow + 1),\"column\":\(frame.cursorColumn + 1),\"visible\":\(frame.cursorVisible),\"style\":\(JSONText.literal(cursorStyle(frame.cursorStyle)))}"
        let tracking = modes.mouse.tracking == .off ? "off" : String(modes.mouse.tracking.rawValue)
        let mouse = "{\"tracking\":\(JSONText.literal(tracking)),\"trackingName\":\(JSONText.literal(trackingName(modes.mouse.tracking))),\"encoding\":\(JSONText.literal(encodingName(modes.mouse.encoding)))}"
        let flags: [(String, Bool)] = [
            ("applicationCursorKeys", modes.applicationCursorKeys), ("applicationKeypad", modes.applicationKeypad),
            ("bracketedPaste", modes.bracketedPaste), ("focusReporting", modes.focusReporting),
            ("alternateScroll", modes.alternateScroll), ("synchronizedOutput", modes.synchronizedOutput),
            ("cursorVisible", modes.cursorVisible), ("autowrap", modes.autowrap), ("origin", modes.origin),
            ("insert", modes.insert), ("newLine", modes.newLine), ("reverseVideo", modes.reverseVideo),
            ("leftRightMarginMode", modes.leftRightMarginMode), ("alternateScreen", modes.alternateScreen),
        ]
        let keyboard = "{\"kittyFlags\":\(modes.kittyKeyboardFlags.rawValue),\"modifyOtherKeys\":\(modes.keyboard.modifyOtherKeys)}"
        let modeText = "{\"mouse\":\(mouse),\"keyboard\":\(keyboard)," + flags.map { "\(JSONText.literal($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        return """
            {
              "columns": \(frame.columns),
              "rows": \(frame.rows),
              "cursor": \(cursor),
              "title": \(JSONText.literal(frame.title)),
              "modes": \(modeText),
              "cells": [
            \(rows.joined(separator: ",\n"))
              ]
            }

            """
    }

    static func attributes(_ a: Attributes, _ frame: Frame) -> String {
        var fields: [String] = []
        let names: [(Attributes.Flags, String)] = [
            (.bold, "bold"), (.faint, "faint"), (.italic, "italic"), (.blink, "blink"),
            (.rapidBlink, "rapidBlink"), (.inverse, "inverse"), (.hidden, "hidden"),
            (.strikethrough, "strikethrough"), (.overline, "overline"),
        ]
        for (flag, name) in names where a.flags.contains(flag) { fields.append("\"\(name)\":true") }
        if a.underline != .none { fields.append("\"underline\":\(JSONText.literal(String(describing: a.underline)))") }
        if a.foreground != .default { fields.append("\"foreground\":\(color(a.foreground))") }
        if a.background != .default { fields.append("\"background\":\(color(a.background))") }
        if a.underlineColor != .default { fields.append("\"underlineColor\":\(color(a.underlineColor))") }
        if a.link > 0 {
            let index = Int(a.link) - 1
            fields.append("\"link\":\(JSONText.literal(index < frame.links.count ? frame.links[index] : ""))")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A palette index as a number, RGB as `"#rrggbb"`.
    static func color(_ c: Color) -> String {
        switch c {
        case .default: return "null"
        case let .indexed(n): return String(n)
        case let .rgb(r, g, b):
            return "\"#" + [r, g, b].map { v in
                let h = String(v, radix: 16)
                return h.count == 1 ? "0" + h : h
            }.joined() + "\""
        }
    }

    static func trackingName(_ t: MouseTracking) -> String {
        switch t {
        case .off: return "off"
        case .x10: return "x10"
        case .normal: return "normal"
        case .buttonEvent: return "button-event"
        case .anyEvent: return "any-event"
        }
    }

    static func encodingName(_ e: MouseEncoding) -> String {
        switch e {
        case .x10: return "x10"
        case .utf8: return "utf8"
        case .sgr: return "sgr"
        case .urxvt: return "urxvt"
        case .sgrPixels: return "sgr-pixels"
        }
    }

    static func cursorStyle(_ s: CursorStyle) -> String {
        switch s {
        case .default: return "default"
        case .blinkingBlock: return "blinking-block"
        case .steadyBlock: return "steady-block"
        case .blinkingUnderline: return "blinking-underline"
        case .steadyUnderline: return "steady-underline"
        case .blinkingBar: return "blinking-bar"
        case .steadyBar: return "steady-bar"
        }
    }
}
