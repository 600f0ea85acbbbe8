import TextSafety
import Render
import VT

/// The host picker (prefix `h`): a box listing every host with its state. A digit picks that
/// host, the arrows move the mark and Enter picks it, Escape (or ctrl+c) cancels.
struct HostPicker: Equatable, Sendable {
    enum Result: Equatable, Sendable {
        case picked(Int)
        case cancelled
    }

    let count: Int
    private(set) var selection: Int
    /// nil while the picker is open.
    private(set) var result: Result?

    init(count: Int, selection: Int) {
        self.count = count
        self.selection = selection
    }

    /// Takes one local input event (all of them are the picker's while it is open).
    mutating func handle(_ event: InputEvent) {
        guard result == nil else { return }
        switch event {
        case .text(let text):
            if let scalar = text.unicodeScalars.first { choose(scalar) }
        case .key(.character(let scalar), let modifiers) where modifiers.isSubset(of: .shift):
            choose(scalar)
        case .key(.character("c"), .control), .key(.escape, _):
            result = .cancelled
        case .key(.up, _):
            selection = (selection + count - 1) % count
        case .key(.down, _), .key(.tab, _):
            selection = (selection + 1) % count
        case .key(.enter, _):
            result = .picked(selection)
        default:
            break
        }
    }

    private mutating func choose(_ scalar: Unicode.Scalar) {
        if let digit = Int(String(scalar)), digit >= 1, digit <= count {
            selection = digit - 1
            result = .picked(selection)
        } else if scalar == "\r" || scalar == "\n" {
            result = .picked(selection)
        }
    }

    /// The box: one line per host (`> 2  mac  attached`), marks on the selection and front host.
    func overlay(names: [String], states: [String], front: Int) -> Overlay {
        let width = names.map(\.count).max() ?? 0
        var lines = names.indices.map { index in
            let mark = index == selection ? ">" : " "
            let name = names[index].padded(toLength: width)
            let here = index == front ? " (in front)" : ""
            return "\(mark) \(index + 1)  \(name)  \(states[index])\(here)"
        }
        lines += ["", "digit: switch   arrows + Enter: switch   Esc: cancel"]
        return .box(title: "hosts", lines: lines)
    }
}
