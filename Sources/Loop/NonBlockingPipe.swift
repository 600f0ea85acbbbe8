import LibC

/// A pipe whose ends never block and are closed on exec: the self-pipes of `EventLoop` (for
/// signals) and `Mailbox` (for other threads) wake `poll` this way.
func nonBlockingPipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw LoopError.system(call: "pipe", errno: errno) }
    for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
}
