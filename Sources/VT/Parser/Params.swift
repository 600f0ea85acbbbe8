/// The numeric parameters of one control sequence, in fixed storage (no allocation).
///
/// Up to `Params.capacity` values are kept; more are dropped. An empty parameter is stored as
/// 0, which every sequence treats as "default". A value joined to the one before it by `:` is
/// a *sub-parameter*: `isSubparameter(i)` is true for it (SGR `38:2::r:g:b`, `4:3`).
struct Params: Sendable {
    static let capacity = 32

    private var values = InlineArray<32, UInt16>(repeating: 0)
    /// Bit i set: value i was introduced by ':' rather than ';'.
    private var subparameterBits: UInt32 = 0
    private(set) var count = 0
    /// The value being accumulated has seen at least one byte (digit or separator).
    private var current: UInt32 = 0
    private var started = false

    init() {}

    @inline(__always)
    subscript(index: Int) -> Int {
        index < count ? Int(values[index]) : 0
    }

    /// The value at `index`, or `fallback` when it is missing or 0 (the "default" rule).
    @inline(__always)
    func value(_ index: Int, default fallback: Int) -> Int {
        let v = self[index]
        return v == 0 ? fallback : v
    }

    func isSubparameter(_ index: Int) -> Bool {
        index < count && (subparameterBits >> UInt32(index)) & 1 == 1
    }

    /// The number of sub-parameters that follow the value at `index`.
    @inline(__always)
    func subparameterCount(after index: Int) -> Int {
        if subparameterBits == 0 { return 0 }
        var n = 0
        while isSubparameter(index + 1 + n) { n += 1 }
        return n
    }

    var isEmpty: Bool { count == 0 }

    /// Whether any value came after ':' (most sequences have none).
    var hasSubparameters: Bool { subparameterBits != 0 }

    /// The `count` values read in place: each `self[i]` copies the whole block out of the
    /// parser first (how the compiler reads an `InlineArray` element), which a loop over many
    /// values (SGR) pays once per value.
    @inline(__always)
    func withValues<R>(_ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
        values.span.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    mutating func reset() {
        count = 0
        subparameterBits = 0
        current = 0
        started = false
    }

    @inline(__always)
    mutating func addDigit(_ byte: UInt8) {
        started = true
        let next = current &* 10 &+ UInt32(byte &- 0x30)
        current = next > 0xFFFF ? 0xFFFF : next
    }

    /// A ';' (or `subparameter` ':') ends the current value.
    @inline(__always)
    mutating func separate(subparameter: Bool) {
        push()
        started = true
        if subparameter && count < Params.capacity { subparameterBits |= 1 << UInt32(count) }
    }

    /// Consumes digits and ';' from `bytes` (up to `end`) with the value in progress held in a
    /// register; returns the index of the first byte that is neither.
    @inline(__always)
    mutating func scan(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var j = start
        var value = current
        var seen = started
        while j < end {
            let c = bytes[j]
            if c &- 0x30 < 10 {
                value = value &* 10 &+ UInt32(c &- 0x30)
                if value > 0xFFFF { value = 0xFFFF }
                seen = true
            } else if c == 0x3B {
                if count < Params.capacity {
                    values[count] = UInt16(value)
                    count += 1
                }
                value = 0
                seen = true
            } else {
                break
            }
            j += 1
        }
        current = value
        started = seen
        return j
    }

    /// At the final byte, before `finish`: the first two values (0 where missing) when there
    /// are at most two and no sub-parameter, taking the one in progress from where it is held.
    @inline(__always)
    func plainPair() -> (Int, Int)? {
        guard subparameterBits == 0 else { return nil }
        switch count {
        case 0: return (started ? Int(current) : 0, 0)
        case 1: return (Int(values[0]), Int(current))
        default: return nil
        }
    }

    /// Called at the final byte: the value in progress (possibly empty) is kept.
    @inline(__always)
    mutating func finish() {
        if started { push() }
    }

    @inline(__always)
    private mutating func push() {
        if count < Params.capacity {
            values[count] = UInt16(current)
            count += 1
        }
        current = 0
        started = false
    }
}
