"""Connect time and echo latency, Drover against `ssh -tt`, through a shaped link."""
import bisect
import random
import threading
import time

from .term import Terminal

READY = "stty raw -echo; printf 'probe-ready\\r\\n'; exec cat"
FIRST = "printf 'first-frame\\r\\n'; exec sleep 120"
# 62 keys, more than the 60 typed before a carriage return: the row never already shows the
# key just typed, so its first appearance after the key is its echo.
ALPHABET = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def connect_once(world, argv):
    """Seconds from starting the client until the remote's first line is on its output."""
    term = Terminal(argv, env=world.env)
    try:
        at, _ = term.wait_for(b"first-frame", timeout=60)
        return at - term.start
    finally:
        term.close()


def flights(trace_path, until):
    """The link's bursts up to `until`: [(direction, bytes)], one entry per change of direction."""
    out = []
    for line in open(trace_path):
        t, d, n = line.split()
        if float(t) > until:
            break
        if out and out[-1][0] == d:
            out[-1][1] += int(n)
        else:
            out.append([d, int(n)])
    return out


def probe(term, keys, rng):
    """Types `keys` keys into a raw `cat` at random 20-200 ms intervals; returns each key's
    latency in ms: from the write until the chunk of output that showed it."""
    _, pos = term.wait_for(b"probe-ready", timeout=60)
    time.sleep(0.3)
    with term.cond:
        pos = len(term.text)
    sent = []
    for k in range(keys):
        if k and k % 60 == 0:
            term.write(b"\r")
        time.sleep(rng.uniform(0.02, 0.2))
        c = ALPHABET[k % len(ALPHABET)]
        sent.append((c, time.monotonic()))
        term.write(bytes([c]))
    term.wait_for(bytes([sent[-1][0]]), timeout=30, start=pos)
    time.sleep(0.5)
    with term.cond:
        text, times = bytes(term.text), list(term.text_times)
    offsets = [o for o, _ in times]
    stamps = [t for _, t in times]
    latencies = []
    for c, t in sent:
        first_chunk = bisect.bisect_left(stamps, t)
        if first_chunk >= len(offsets):
            break
        i = text.find(bytes([c]), max(pos, offsets[first_chunk]))
        if i < 0:
            break
        chunk = bisect.bisect_right(offsets, i) - 1
        latencies.append((stamps[chunk] - t) * 1000.0)
        pos = i + 1
    return latencies


def echo_pair(world, drover_name, port, keys, seed):
    """Runs the probe on Drover and on `ssh -tt` at the same time (same link settings)."""
    results = {}

    def run(label, argv):
        term = Terminal(argv, env=world.env)
        try:
            results[label] = probe(term, keys, random.Random(seed))
        finally:
            term.close()
    # Prediction off: this measures the link (scripts/bench prediction measures the predictor).
    threads = [threading.Thread(target=run, args=("drover", world.drover_argv([drover_name], "--predict", "never"))),
               threading.Thread(target=run, args=("ssh", world.ssh_argv(port, READY)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100.0 * (len(s) - 1))))]


def measure(world, rtts, runs, keys, log):
    """Connect times and echo latencies per RTT; flights of one traced connect at the largest."""
    out = {"connect": {}, "echo": {}, "flights": {}}
    for rtt in rtts:
        trace = f"{world.dir}/trace-{rtt}"
        _, port = world.shaper(delay_ms=rtt / 2, trace=trace)
        first = world.add_host(port, FIRST)
        ready = world.add_host(port, READY)
        times = {"drover": [], "ssh": []}
        for run in range(runs):
            for label, argv in (("drover", world.drover_argv([first])), ("ssh", world.ssh_argv(port, FIRST))):
                open(trace, "w").close()
                t0 = time.monotonic()
                times[label].append(connect_once(world, argv))
                if run == 0:
                    out["flights"].setdefault(label, {})[rtt] = flights(trace, t0 + times[label][-1])
        out["connect"][rtt] = times
        log(f"connect {rtt} ms: drover {times['drover']} ssh {times['ssh']}")
        out["echo"][rtt] = echo_pair(world, ready, port, keys, seed=rtt + 1)
        e = out["echo"][rtt]
        log(f"echo {rtt} ms: drover p50 {percentile(e['drover'], 50):.1f} ssh p50 {percentile(e['ssh'], 50):.1f} "
            f"({len(e['drover'])}/{len(e['ssh'])} keys)")
    return out
