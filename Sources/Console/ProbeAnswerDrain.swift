import LibC

/// Reads the local terminal's answer to Drover's keyboard probe (`ConsoleSequences.keyboardProbe`,
/// which ends with DA1) at exit, when Drover leaves before the answer came: a terminal answers
/// whenever it gets to it, and an answer that arrives after raw mode is given back lands in the
/// shell as typed text (`^[[?62;22c`). DA1's answer (`CSI ? … c`) is the last one, so reading up
/// to it takes every answer; a terminal that never answers costs `limit` once.
enum ProbeAnswerDrain {
    /// Reads `input` until DA1's answer has gone by or `limit` passed; returns whether it came.
    /// What is read is dropped: at exit no key is wanted any more.
    @discardableResult
    static func drain(_ input: Int32, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var scanner = Scanner()
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = read(input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return false }
            for byte in buffer[0..<count] where scanner.sawAnswerEnd(after: byte) { return true }
        }
    }

    /// Finds `ESC [ ? digits-and-semicolons c` in a byte stream, one byte at a time.
    struct Scanner {
        private var state = 0   // 0: nothing, 1: ESC, 2: ESC [, 3: ESC [ ? and parameters

        mutating func sawAnswerEnd(after byte: UInt8) -> Bool {
            switch (state, byte) {
            case (_, 0x1B): state = 1
            case (1, UInt8(ascii: "[")): state = 2
            case (2, UInt8(ascii: "?")): state = 3
            case (3, UInt8(ascii: "0")...UInt8(ascii: "9")), (3, UInt8(ascii: ";")): break
            case (3, UInt8(ascii: "c")):
                state = 0
                return true
            default: state = 0
            }
            return false
        }
    }
}
