"""The outer terminal: a child on a pty (or a pipe) whose output is read by a thread that
timestamps every chunk, counts bytes and frames, and keeps the printable text (escape
sequences stripped) so a probe can wait for a character or a marker."""
import fcntl
import os
import pty
import signal
import struct
import subprocess
import termios
import threading
import time


class Stripper:
    """Drops escape sequences (CSI, OSC/DCS/APC strings, two-byte ESC) and C0 controls."""

    def __init__(self):
        self.state = 0  # 0 text, 1 after ESC, 2 CSI, 3 string, 4 string after ESC

    def feed(self, data, out):
        for b in data:
            s = self.state
            if s == 0:
                if b == 0x1B:
                    self.state = 1
                elif b >= 0x20 and b != 0x7F:
                    out.append(b)
            elif s == 1:
                self.state = 2 if b == 0x5B else 3 if b in (0x5D, 0x50, 0x5F, 0x5E) else 0
            elif s == 2:
                if 0x40 <= b <= 0x7E:
                    self.state = 0
            elif s == 3:
                if b == 0x07:
                    self.state = 0
                elif b == 0x1B:
                    self.state = 4
            else:
                self.state = 0 if b == 0x5C else 3


FRAME_START = b"\x1b[?2026h"


class Terminal:
    """`argv` on a new pty of `cols` x `rows` (or with stdout on a pipe when `use_pty` is
    False). `keep_text` False: only the raw tail is kept, for floods."""

    def __init__(self, argv, cols=100, rows=30, env=None, use_pty=True, keep_text=True, watch=(), keep_raw=False):
        self.start = time.monotonic()
        self.raw = bytearray() if keep_raw else None  # every byte, to replay the final screen
        self.watch = list(watch)   # raw needles whose first arrival time is recorded
        self.seen = {}
        self.bytes = 0
        self.frames = []          # times a synchronized frame began
        self.text = bytearray()   # printable output
        self.text_times = []      # (offset in text, time) per chunk
        self.cond = threading.Condition()
        self.keep_text = keep_text
        self.stripper = Stripper()
        self.tail = b""
        self.seen_tail = b""
        self.ended = False
        env = dict(os.environ if env is None else env)
        if use_pty:
            self.pid, self.fd = pty.fork()
            if self.pid == 0:
                try:
                    os.execvpe(argv[0], argv, env)
                finally:
                    os._exit(127)
            fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            self.proc = None
        else:
            self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
            self.pid, self.fd = self.proc.pid, self.proc.stdout.fileno()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                data = b""
            now = time.monotonic()
            with self.cond:
                if not data:
                    self.ended = True
                    self.cond.notify_all()
                    return
                self.bytes += len(data)
                if self.raw is not None:
                    self.raw += data
                joined = self.tail + data
                i = joined.find(FRAME_START)
                while i >= 0:
                    if i + len(FRAME_START) > len(self.tail):
                        self.frames.append(now)
                    i = joined.find(FRAME_START, i + 1)
                for needle in self.watch:
                    if needle not in self.seen and needle in self.seen_tail + data:
                        self.seen[needle] = now
                self.seen_tail = (self.seen_tail + data)[-64:]
                self.tail = joined[-(len(FRAME_START) - 1):]
                if self.keep_text:
                    self.text_times.append((len(self.text), now))
                    self.stripper.feed(data, self.text)
                else:
                    # Floods: too many bytes to strip in Python; keep the raw tail (markers are
                    # printed at the top left in the default style, so they arrive contiguous).
                    self.text = (self.text[-64:] + data)[-8192:]
                self.cond.notify_all()

    def wait_seen(self, needle, timeout=60.0):
        """Waits for a watched raw needle; returns when it first arrived."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while needle not in self.seen:
                left = deadline - time.monotonic()
                if left <= 0 or self.ended:
                    raise TimeoutError(f"no {needle!r} after {timeout} s")
                self.cond.wait(min(left, 0.5))
            return self.seen[needle]

    def frames_between(self, start, end):
        with self.cond:
            return [t for t in self.frames if start <= t <= end]

    def write(self, data):
        os.write(self.fd, data)

    def wait_for(self, needle, timeout=30.0, start=0):
        """Waits until `needle` (bytes) is in the text at or after `start`; returns the time it
        arrived (the chunk that completed it) and the offset after it."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                i = self.text.find(needle, start)
                if i >= 0:
                    end = i + len(needle)
                    at = next((t for off, t in reversed(self.text_times) if off < end), time.monotonic()) \
                        if self.keep_text else time.monotonic()
                    return at, end
                left = deadline - time.monotonic()
                if left <= 0 or self.ended:
                    tail = bytes(self.text[-300:]).decode(errors="replace")
                    raise TimeoutError(f"no {needle!r} after {timeout} s; last text: {tail!r}")
                self.cond.wait(min(left, 0.5))

    def close(self):
        try:
            os.killpg(self.pid, signal.SIGTERM) if self.proc is None else self.proc.terminate()
        except OSError:
            pass
        try:
            os.kill(self.pid, signal.SIGTERM)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.thread.join(timeout=5)
        if self.proc is None:
            try:
                os.close(self.fd)
            except OSError:
                pass
