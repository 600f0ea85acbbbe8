"""Ctrl+C during a flood on a slow link, Drover against `ssh -tt` in the same run (issue 29,
ADR 0030): at a bash prompt, `cat` of a big file through a capped link with a bounded
bottleneck queue, Ctrl+C after a few seconds, and the time until the prompt is back. What is
in flight when the key is pressed (the SSH channel's window and the buffers behind it) has to
arrive first."""
import os
import time

from .term import Terminal

# The prompt is computed, so neither the typed command's echo nor the file looks like it.
SHELL = "PS1='$((6*7))-READY ' exec bash --norc --noprofile -i"
PROMPT = b"42-READY"
# Only dots: no cell of a flood row is ever one of the prompt's, so a renderer that paints only
# changed cells still writes the prompt whole.
LINE = b"." * 99 + b"\n"


def flood_file(world, mib):
    path = os.path.join(world.dir, f"interrupt-{mib}mib.txt")
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(LINE * (mib * 2**20 // len(LINE)))
    return path


def interrupt_once(world, argv, path, after):
    """Seconds from Ctrl+C until the prompt is back, and bytes the client wrote meanwhile."""
    term = Terminal(argv, cols=120, rows=40, env=world.env)
    try:
        term.wait_for(PROMPT, timeout=60)
        term.write(f"cat {path}\r".encode())
        term.wait_for(b"." * 99, timeout=60)
        time.sleep(after)
        with term.cond:
            pos, written = len(term.text), term.bytes
        pressed = time.monotonic()
        term.write(b"\x03")
        back, _ = term.wait_for(PROMPT, timeout=120, start=pos)
        return {"seconds": back - pressed, "bytes": term.bytes - written}
    finally:
        term.close()


def measure(world, runs, log, rate_kib=250, rtt_ms=200, queue_kib=64, mib=30, after=3.0):
    """Drover and `ssh -tt` one after the other, `runs` times each, on one shaped link."""
    _, port = world.shaper(delay_ms=rtt_ms / 2, rate_kib=rate_kib, queue_kib=queue_kib)
    path = flood_file(world, mib)
    host = world.add_host(port, SHELL)
    out = {"rate_kib": rate_kib, "rtt_ms": rtt_ms, "queue_kib": queue_kib, "mib": mib, "after": after,
           "drover": [], "ssh": []}
    for run in range(runs):
        for label, argv in (("drover", world.drover_argv([host])), ("ssh", world.ssh_argv(port, SHELL))):
            try:
                out[label].append(interrupt_once(world, argv, path, after))
            except TimeoutError as e:
                log(f"interrupt {label} run {run + 1}: no prompt ({e}); left out")
                continue
            log(f"interrupt {label} run {run + 1}: prompt back {out[label][-1]['seconds']:.2f} s after Ctrl+C")
    return out
