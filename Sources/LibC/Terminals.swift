#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A private open file description of the terminal `fd` refers to, for writing: opened anew by
/// its name (`ttyname_r`), non-blocking, not made the controlling terminal, and closed in any
/// program Drover starts. Returns -1 when there is none (errno says why); the caller then keeps
/// using `fd` as it is.
///
/// Why: a terminal's stdin, stdout and stderr are usually one open file description, shared
/// with the shell and every other process on the terminal, and O_NONBLOCK belongs to that
/// description. Setting it there makes the terminal non-blocking for all of them while Drover
/// runs, and for good if Drover is killed before it can clear it. Setting it on a description
/// only Drover has changes nothing for anyone else (libuv's `uv_tty_init` does the same).
///
/// Refused, with -1: a descriptor that is no terminal (ENOTTY); a pseudo-terminal's master
/// (EINVAL: its name, /dev/ptmx on Linux, would open a new pair, not this one); a name that
/// cannot be opened (a /dev/pts that is not this terminal's, a device node the user may not
/// open) or that opens another device (ENODEV).
public func reopenTerminalForWriting(_ fd: Int32) -> Int32 {
    guard isatty(fd) == 1 else { return -1 }
    guard !isPseudoTerminalMaster(fd) else {
        errno = EINVAL
        return -1
    }
    var name = [CChar](repeating: 0, count: 256)
    let failure = ttyname_r(fd, &name, name.count)
    guard failure == 0 else {
        errno = failure
        return -1
    }
    let reopened = open(name, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
    guard reopened >= 0 else { return -1 }
    var original = stat()
    var opened = stat()
    guard fstat(fd, &original) == 0, fstat(reopened, &opened) == 0, original.st_rdev == opened.st_rdev,
          opened.st_mode & S_IFMT == S_IFCHR else {
        close(reopened)
        errno = ENODEV
        return -1
    }
    return reopened
}

/// Whether `fd` is a pseudo-terminal's master: ptsname(3) answers only for one (TIOCGPTN on
/// Linux, TIOCPTYGNAME on Darwin). Looked up by name, as Swift's Glibc module leaves out the
/// X/Open declaration; its static buffer is not read, so concurrent calls do no harm.
private func isPseudoTerminalMaster(_ fd: Int32) -> Bool {
    typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "ptsname") else { return false }
    return unsafeBitCast(symbol, to: PTSName.self)(fd) != nil
}

/// How many bytes written to the terminal `fd` it has not yet sent on (TIOCOUTQ): a serial
/// line's or a BSD pty's output queue. nil when the terminal cannot say. A Linux pseudo-terminal
/// hands written bytes to its master's side at once, so there this is 0 whatever the emulator
/// has read; the front view's pacing treats that as "taken" (ADR 0034).
public func terminalOutputQueued(_ fd: Int32) -> Int? {
    var queued: Int32 = 0
    guard ioctl(fd, UInt(TIOCOUTQ), &queued) == 0 else { return nil }
    return Int(queued)
}
