"""Argument checks shared by the benchmark scripts, and SIGINT/SIGTERM as a clean exit.

Each check is an argparse `type`: a bad value raises ArgumentTypeError, which argparse prints
after the usage line as "argument --x: ..." and exits 2, so bad input never ends in a traceback.
The messages say what is allowed, which is what the user needs to try again."""
import argparse
import math
import os
import signal


def count(text):
    """A whole number of at least 1 (runs, keys, MiB)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number; give 1 or more") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is too few; give 1 or more")
    return n


def port(any_free=False):
    """A TCP port, 1-65535; with any_free, 0 too (the system picks a free one)."""
    low = 0 if any_free else 1
    hint = "0 (any free port) to 65535" if any_free else "1 to 65535"

    def check(text):
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a port number; give {hint}") from None
        if not low <= n <= 65535:
            raise argparse.ArgumentTypeError(f"{n} is not a port; give {hint}")
        return n
    return check


def non_negative(text):
    """A finite number of at least 0 (delays, jitter, rates)."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number; give 0 or more") from None
    # float() takes "nan" and "inf", which would stall or break the timing arithmetic.
    if not math.isfinite(x):
        raise argparse.ArgumentTypeError(f"{text} is not a finite number; give 0 or more")
    if x < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative; give 0 or more")
    return x


def ms_list(most):
    """Comma-separated whole milliseconds, each 0..most, none twice (e.g. 0,50,200)."""
    def check(text):
        out = []
        for part in text.split(","):
            part = part.strip()
            if not (part.isascii() and part.isdigit()):  # isdigit() alone takes '²', which int() refuses
                what = ("an empty entry" if not part else f"{part} is negative" if part[1:].isdigit() and part[0] == "-"
                        else f"'{part}' is not a whole number of ms")
                where = f" in '{text}'" if "," in text else ""
                raise argparse.ArgumentTypeError(
                    f"{what}{where}; give whole milliseconds from 0 to {most} separated by commas, e.g. 0,50,200")
            ms = int(part)
            if ms > most:
                raise argparse.ArgumentTypeError(f"{ms} ms is more than {most} ms; give smaller round trips")
            if ms in out:
                raise argparse.ArgumentTypeError(f"{ms} ms is given twice in '{text}'; give each once")
            out.append(ms)
        return out
    return check


def executable(text):
    """An existing executable file, as an absolute path."""
    path = os.path.abspath(text)
    if not os.path.exists(path):
        raise argparse.ArgumentTypeError(f"{text} does not exist; give the path of a built binary")
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise argparse.ArgumentTypeError(f"{text} is not an executable file; give the path of a built binary")
    return path


def exit_on_signals():
    """Makes SIGINT and SIGTERM raise SystemExit, so `finally` blocks stop the sshd, shapers and
    clients a script started and remove its directory. A second signal is ignored: it would
    otherwise interrupt that cleanup half way."""
    def stop(signum, _frame):
        for s in (signal.SIGINT, signal.SIGTERM):
            signal.signal(s, signal.SIG_IGN)
        raise SystemExit(128 + signum)
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, stop)
