"""Floods, memory, many hosts and idle cost: Drover against `ssh -tt` in the same run."""
import glob
import os
import random
import time

from .link import READY, percentile, probe
from .term import Terminal

REMOTE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench-remote")
PREFIX = b"\x1d"  # ctrl+]
PAUSE = 0.5

# How long the 16 busy hosts run before their peak is read (ADR 0010: the rewind fills first).
BUSY_HOSTS_SECONDS = 30


def flood_command(path):
    # The start marker is shown alone for a pause (subtracted), so every client draws it.
    # The end: a soft reset (scroll region, origin mode) and a blank screen, shown alone for
    # the same pause, then the marker on a blank row, so a renderer that paints only changed
    # cells still writes it whole. Both pauses are subtracted.
    return (f"printf 'flood-start\\r\\n'; sleep {PAUSE}; cat {path}; printf '\\033[!p\\033[0m\\033[2J\\033[H'; "
            f"sleep {PAUSE}; printf 'flood-done\\r\\n'; exec sleep 300")


def flood_once(world, argv, use_pty):
    """Seconds from the start marker to the final screen, bytes written locally, frame times."""
    term = Terminal(argv, cols=120, rows=40, env=world.env, use_pty=use_pty, keep_text=False,
                    watch=(b"flood-start", b"flood-done"))
    try:
        start = term.wait_seen(b"flood-start", timeout=60)
        done = term.wait_seen(b"flood-done", timeout=300)
        return {"seconds": done - start - 2 * PAUSE, "bytes": term.bytes,
                "frames": term.frames_between(start + PAUSE, done - PAUSE), "from": start + PAUSE, "to": done - PAUSE}
    finally:
        term.close()


def min_fps(frames, start, end, window=0.25):
    """Fewest frames in any `window` of the flood (first and last windows left out), per second."""
    if end - start < 3 * window:
        return None
    counts = []
    t = start + window
    while t + 2 * window <= end:
        counts.append(sum(1 for f in frames if t <= f < t + window))
        t += window
    return min(counts) / window if counts else None


def counted_scroll_region(path, out_path):
    """scroll_region with each line's first 9 characters replaced by a line counter: the same
    bytes and scrolling, but a screen that changes with every line. The workload's own lines
    are all alike, so once its region is full there is nothing to draw, and frames per second
    say nothing there; this copy is only for the frames-per-second column."""
    import re
    data = open(path, "rb").read()
    width = len(re.search(rb"(r+)\r\n", data).group(1))
    count = iter(range(10 ** 8))
    body = re.sub(rb"r{%d}\r\n" % width,
                  lambda _: b"%08d " % (next(count) % 10 ** 8) + b"r" * (width - 9) + b"\r\n", data)
    open(out_path, "wb").write(body)
    return out_path


def floods(world, workloads, runs, rate_kib, log, drover_only=False):
    _, port = world.shaper(rate_kib=rate_kib) if rate_kib else (None, world.port)
    out = {}
    for path in workloads:
        name = os.path.basename(path).rsplit(".", 1)[0]
        host = world.add_host(port, flood_command(path))
        r = {"drover": [], "ssh_pty": [], "ssh_null": []}
        for _ in range(runs):
            try:
                d = flood_once(world, world.drover_argv([host]), True)
                f = d.pop("frames")
                d["fps"] = len(f) / d["seconds"] if d["seconds"] > 0 else 0
                d["min_fps"] = min_fps(f, d.pop("from"), d.pop("to"))
                runs_of = {"drover": d}
                for label, use_pty in () if drover_only else (("ssh_pty", True), ("ssh_null", False)):
                    s = flood_once(world, world.ssh_argv(port, flood_command(path)), use_pty)
                    for k in ("frames", "from", "to"):
                        del s[k]
                    runs_of[label] = s
            except TimeoutError as e:
                log(f"flood {name}: a run gave no final screen ({e}); left out")
                continue
            for label, value in runs_of.items():
                r[label].append(value)
        out[name] = r
        log(f"flood {name} cap {rate_kib}: " + ", ".join(
            f"{k} {sorted(x['seconds'] for x in v)[len(v) // 2]:.2f} s" if v else f"{k} -" for k, v in r.items()))
    return out


def status_value(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def wait_files(paths, timeout):
    deadline = time.monotonic() + timeout
    while not all(os.path.exists(p) for p in paths):
        if time.monotonic() > deadline:
            raise TimeoutError(f"markers missing: {[p for p in paths if not os.path.exists(p)]}")
        time.sleep(0.1)


def memory(world, log):
    """Peak RSS (VmHWM) of Drover and `ssh -tt`, one after the other in this run: one host idle
    (a screen, no history), one host with 10,000 x 200 history; Drover's 16 busy hosts."""
    out = {}
    for lines, key in ((0, "no_history"), (10000, "one_host")):
        marker = f"{world.dir}/hist-{lines}"
        cmd = f"exec python3 {REMOTE} history {lines} 200 {marker}"
        host = world.add_host(world.port, cmd)
        done = b"printed %d lines" % lines
        clients = [("drover", world.drover_argv([host])), ("ssh", world.ssh_argv(world.port, cmd))]
        for label, argv in clients:
            term = Terminal(argv, cols=200, rows=50, env=world.env, keep_text=False, watch=(done,))
            try:
                term.wait_seen(done, timeout=120)
                time.sleep(0.5)
                out.setdefault(key, {})[label] = status_value(term.pid, "VmHWM")
                out[key][label + "_anon"] = status_value(term.pid, "RssAnon")
            finally:
                term.close()
    names, markers = [], []
    for i in range(16):
        m = f"{world.dir}/busy-{i}"
        markers.append(m)
        names.append(world.add_host(world.port, f"exec python3 {REMOTE} history 1000 100 {m} --alt"))
    term = Terminal(world.drover_argv(names), cols=100, rows=30, env=world.env, keep_text=False)
    try:
        wait_files(markers, 180)
        for _ in names:
            term.write(PREFIX + b"n")
            time.sleep(0.1)
        # Busy until the rewind's budget is full (16 hosts redraw 25 times a second; snapshots
        # are kept at most 4 a second each): the peak a person who keeps them running reaches.
        time.sleep(BUSY_HOSTS_SECONDS)
        out["sixteen_hosts"] = {"drover": status_value(term.pid, "VmHWM")}
    finally:
        term.close()
    log(f"memory: {out}")
    return out


def cpu_and_switches(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    switches = 0
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        for line in open(status):
            if "ctxt_switches" in line:
                switches += int(line.split()[1])
    return ticks / os.sysconf("SC_CLK_TCK"), switches


def idle(world, seconds, log):
    """CPU seconds per minute and wake-ups (context switches) per second, attached and idle."""
    cmd = "printf 'idle-ready\\r\\n'; exec sleep 3600"
    host = world.add_host(world.port, cmd)
    terms = {"drover": Terminal(world.drover_argv([host]), env=world.env),
             "ssh": Terminal(world.ssh_argv(world.port, cmd), env=world.env)}
    out = {}
    try:
        for t in terms.values():
            t.wait_for(b"idle-ready", timeout=60)
        time.sleep(1)
        before = {k: cpu_and_switches(t.pid) for k, t in terms.items()}
        time.sleep(seconds)
        for k, t in terms.items():
            cpu, sw = cpu_and_switches(t.pid)
            out[k] = {"cpu_s_per_min": (cpu - before[k][0]) * 60.0 / seconds,
                      "wakeups_per_s": (sw - before[k][1]) / seconds}
    finally:
        for t in terms.values():
            t.close()
    log(f"idle: {out}")
    return out


def many_hosts(world, keys, keepalive, log):
    """16 hosts, each behind its own shaper: frames until a switched-to host shows, and the
    front host's echo with another host blackholed; the time until that host says so."""
    shapers, names = [], []
    for i in range(16):
        shaper, port = world.shaper()
        shapers.append(shaper)
        names.append(world.add_host(port, f"clear; printf 'screen-of-{i}\\r\\n'; {READY}"))
    term = Terminal(world.drover_argv(names, "--keepalive", str(keepalive), "--predict", "never"), env=world.env)
    out = {}
    try:
        term.wait_for(b"screen-of-0", timeout=120)
        # Let the other hosts finish connecting and the start-up banner expire, so the frames
        # counted below are the switches' own.
        time.sleep(3)
        frames = []
        for i in range(1, 16):
            with term.cond:
                start = len(term.text)
            t0 = time.monotonic()
            term.write(PREFIX + b"n")
            at, _ = term.wait_for(b"screen-of-%d" % i, timeout=60, start=start)
            frames.append(len(term.frames_between(t0, at)))
        out["switch_frames_max"] = max(frames)
        term.write(PREFIX + b"n")  # back to host 0
        term.wait_for(b"screen-of-0", timeout=30, start=len(term.text) - 200)
        out["echo_before"] = probe_ready(term, keys, 11)
        # Blackhole host 1 and look at it at once: its status line must say so within its
        # keepalive window (plus the 3 s a keepalive gets to be answered).
        shapers[1].send_signal(10)  # SIGUSR1
        t_hole = time.monotonic()
        with term.cond:
            start = len(term.text)
        term.write(PREFIX + b"n")
        at, _ = term.wait_for(b"no answer for", timeout=keepalive * 3 + 10, start=start)
        out["no_answer_after_s"] = at - t_hole
        # Back to host 0: its echo while host 1 hangs.
        with term.cond:
            start = len(term.text)
        term.write(PREFIX + b"p")
        term.wait_for(b"screen-of-0", timeout=30, start=start)
        out["echo_blackholed"] = probe_ready(term, keys, 12)
        shapers[1].send_signal(12)
    finally:
        term.close()
    log(f"many hosts: switch frames {out.get('switch_frames_max')}, echo p50 "
        f"{percentile(out.get('echo_before', []), 50):.1f} -> {percentile(out.get('echo_blackholed', []), 50):.1f} ms, "
        f"no answer after {out.get('no_answer_after_s', 0):.1f} s")
    return out


def probe_ready(term, keys, seed):
    """`probe` on a raw cat that is already running (a fresh ready line is not printed)."""
    with term.cond:
        term.text += b"probe-ready"
        term.text_times.append((len(term.text), time.monotonic()))
    return probe(term, keys, random.Random(seed))
