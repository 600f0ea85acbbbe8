"""Issue 15's measurement: keys typed into a shell prompt and into `cat` through a shaped link,
Drover with prediction (`--predict auto`, the default), Drover without (`--predict never`) and `ssh -tt`
side by side in the same run. Per key: the time from the write until its character first
appears in what the client writes to its pty. A key counts as shown before confirmation when
that is under half the round trip (the host's echo cannot have arrived yet). At the end each
client's whole output is replayed through `drover replay --format text` and the final screens
are compared with ssh's."""
import os
import random
import subprocess
import threading
import time

from .link import ALPHABET, percentile
from .term import Terminal

# Host commands: bash (readline echoes) with a fixed prompt, and `cat` on a cooked tty (the
# line discipline echoes; Enter makes cat print the line again).
EDITORS = {
    "shell prompt": ("PS1='slow> ' exec bash --noprofile --norc -i", b"slow>"),
    "cat": ("printf 'probe-ready\\r\\n'; exec cat", b"probe-ready"),
}
LINE = 60          # keys per line, then Enter (fewer than ALPHABET: a row never repeats a key)
SETTLE = 1.0       # seconds after Enter before the next key: the host's answer is not timed


def probe(term, ready, keys, rng):
    """Types `keys` keys at random 20-200 ms intervals; returns each key's latency in ms (None
    when its character never showed)."""
    term.wait_for(ready, timeout=60)
    time.sleep(SETTLE)
    sent = []
    for k in range(keys):
        if k and k % LINE == 0:
            term.write(b"\r")
            time.sleep(SETTLE)
        time.sleep(rng.uniform(0.02, 0.2))
        c = ALPHABET[k % len(ALPHABET)]
        with term.cond:
            start = len(term.text)
        sent.append((c, time.monotonic(), start))
        term.write(bytes([c]))
    time.sleep(SETTLE)
    with term.cond:
        text, times = bytes(term.text), list(term.text_times)
    latencies = []
    for c, t, start in sent:
        i = text.find(bytes([c]), start)
        if i < 0:
            latencies.append(None)
            continue
        at = next((stamp for off, stamp in reversed(times) if off <= i), None)
        latencies.append(None if at is None else max(0.0, (at - t) * 1000.0))
    return latencies


def final_screen(drover, raw, workdir, label):
    """The screen `raw` leaves on a 100x30 terminal, as Drover's emulator reads it."""
    path = os.path.join(workdir, f"{label}.out")
    with open(path, "wb") as f:
        f.write(raw)
    out = subprocess.run([drover, "replay", path, "--size", "100x30", "--format", "text"],
                         capture_output=True, text=True, check=True).stdout
    return out


def run_editor(world, port, editor, keys, seed, rtt):
    command, ready = EDITORS[editor]
    name = world.add_host(port, command)
    clients = {"predict": world.drover_argv([name], "--predict", "auto"),
               "no predict": world.drover_argv([name], "--predict", "never"),
               "ssh": world.ssh_argv(port, command)}
    results, screens = {}, {}

    def run(label, argv):
        term = Terminal(argv, env=world.env, keep_raw=True)
        try:
            results[label] = probe(term, ready, keys, random.Random(seed))
            time.sleep(3)  # any banner Drover shows is gone by now
            with term.cond:
                raw = bytes(term.raw)
            screens[label] = final_screen(world.drover, raw, world.dir, f"{editor}-{label}".replace(" ", "_"))
        finally:
            term.close()
    threads = [threading.Thread(target=run, args=item) for item in clients.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    failed = sorted(set(clients) - set(screens))
    if failed:
        raise RuntimeError(f"the probe failed for {', '.join(failed)} ({editor}); its traceback is above")
    out = {}
    for label, lat in results.items():
        shown = [x for x in lat if x is not None]
        out[label] = {"latencies": shown, "keys": len(lat), "missing": len(lat) - len(shown),
                      "early": sum(1 for x in shown if x < rtt / 2),
                      "same_screen": screens.get(label) == screens.get("ssh")}
    out["screens"] = screens
    return out


def measure(world, rtt, keys, log):
    _, port = world.shaper(delay_ms=rtt / 2)
    out = {}
    for n, editor in enumerate(EDITORS):
        out[editor] = run_editor(world, port, editor, keys, seed=n + 15, rtt=rtt)
        for label in ("predict", "no predict", "ssh"):
            r = out[editor][label]
            log(f"{editor}, {label}: p50 {percentile(r['latencies'], 50):.1f} ms, "
                f"{r['early']}/{r['keys']} shown under {rtt / 2:.0f} ms, same screen as ssh: {r['same_screen']}")
    return out
