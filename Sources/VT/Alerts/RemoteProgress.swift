/// A progress report the remote sent with ConEmu's `OSC 9 ; 4 ; state ; percent` (Windows
/// Terminal, Ghostty and coding agents use it for a task's progress). The emulator keeps the
/// last one (`Terminal.progress`); state 0 removes it.
public struct RemoteProgress: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// 1: a task at `percent`.
        case normal
        /// 2: the task failed (at `percent`, when given).
        case error
        /// 3: busy, no percentage.
        case indeterminate
        /// 4: paused or warning (at `percent`, when given).
        case paused
    }

    public var state: State
    /// 0…100; nil when the state has none.
    public var percent: Int?

    public init(state: State, percent: Int?) {
        self.state = state
        self.percent = percent
    }

    /// What the part after `9;4` says: `.some(nil)` removes the progress, nil is not a
    /// progress report (a malformed one is ignored).
    static func parse(osc9 rest: UnsafeBufferPointer<UInt8>) -> RemoteProgress?? {
        let fields = String(decoding: rest, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        guard fields.first == "4" else { return nil }
        let state = fields.count > 1 ? Int(fields[1]) ?? -1 : 0
        let percent = fields.count > 2 && !fields[2].isEmpty ? Int(fields[2]).map { min(100, max(0, $0)) } : nil
        switch state {
        case 0: return .some(nil)
        case 1: return RemoteProgress(state: .normal, percent: percent ?? 0)
        case 2: return RemoteProgress(state: .error, percent: percent)
        case 3: return RemoteProgress(state: .indeterminate, percent: nil)
        case 4: return RemoteProgress(state: .paused, percent: percent)
        default: return nil
        }
    }

    /// Short text for a status line: "42%", "busy", "failed at 80%", "paused at 10%".
    public var summary: String {
        switch state {
        case .normal: return "\(percent ?? 0)%"
        case .error: return percent.map { "failed at \($0)%" } ?? "failed"
        case .indeterminate: return "busy"
        case .paused: return percent.map { "paused at \($0)%" } ?? "paused"
        }
    }
}
