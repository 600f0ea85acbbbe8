import LibC
import Loop

extension FrontView {
    /// Wires the local terminal into the front view: its input is read on the event loop and
    /// decoded, and SIGWINCH resizes the emulator (then `onResize` tells the remote).
    /// `onClosed` runs once when the terminal's input ends (the window was closed). The
    /// terminal is asked what keyboard reporting it has, its colours and its cell size (also
    /// read from the window's pixel size); the keyboard mode Drover turns on in it is what the
    /// session undoes at exit (`ConsoleSession.keyboardUndo`).
    public func attachLocalTerminal(_ session: ConsoleSession,
                                    onResize: @escaping (_ columns: Int, _ rows: Int) -> Void,
                                    onClosed: @escaping () -> Void) {
        keyboardMirror.keep(in: session)
        startKeyboardProbe()
        if let pixels = session.pixelSize {
            learnWindowPixels(width: pixels.width, height: pixels.height, columns: pixels.columns, rows: pixels.rows)
        }
        var token: EventLoop.WatchToken?
        token = loop.watch(session.input, for: .readable) { [weak self] _ in
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(session.input, &buffer, buffer.count)
            if count > 0 {
                self?.receiveLocal(Array(buffer[0..<count]))
                return
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
            if let token { self?.loop.unwatch(token) }
            onClosed()
        }
        loop.onSignal(SIGWINCH) { [weak self] in
            guard let self, let size = session.size else { return }
            guard size.columns != self.terminal.columns || size.rows != self.terminal.rows else { return }
            self.resize(columns: size.columns, rows: size.rows)
            onResize(size.columns, size.rows)
        }
    }
}
