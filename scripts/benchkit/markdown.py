"""The text of evidence/bench.md."""
import os
import re

from .report import connect_rows, echo_rows, flood_rows, interrupt_rows, med, memory_rows, percentile, verdict


def header_rows(path, header_prefix):
    """The header and separator rows of that table (none when the file is missing)."""
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return []
    at = next((i for i, line in enumerate(lines) if line.startswith(header_prefix)), None)
    return [] if at is None else lines[at:at + 2]


def table_rows(path, header_prefix):
    """The data rows of the first table in a markdown file whose header starts with `header_prefix`."""
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return []
    out, inside = [], False
    for line in lines:
        if line.startswith(header_prefix):
            inside = True
            continue
        if inside and line.startswith("| ---"):
            continue
        if inside and line.startswith("|"):
            out.append(line)
        elif inside:
            break
    return out


def relay_rows(relay_after, relay_md):
    before = {}
    for row in table_rows(relay_md, "| workload | before"):
        cells = [c.strip() for c in row.strip("|").split("|")]
        before[cells[0]] = float(cells[1])
    rows = []
    for name, ms in relay_after.items():
        b = before.get(name)
        speedup = f"{b / ms:.2f}x" if b and ms > 0 else "-"
        rows.append(f"| {name} | {ms:.1f} CPU ms/MiB | {b if b is not None else '-'} CPU ms/MiB | {speedup} |")
    return rows


def write(results, path, header):
    L = list(header)
    link = results["link"]
    L += ["", "## Links: connect and echo (Drover vs `ssh -tt`, same shaped link, same run)", "",
          "| measure | Drover median (range) | ssh -tt median (range) | ratio / diff | target | result | notes |",
          "| --- | --- | --- | --- | --- | --- | --- |"]
    L += connect_rows(link) + echo_rows(link)
    if results.get("interrupt"):
        L += interrupt_rows(results["interrupt"])
    L += ["", "Round trips: the link's bursts from the TCP connect to the first line, read from the "
          "shaper's trace at the highest RTT (`up` client to server, `down` back, bytes):", ""]
    top = max(link["flights"]["drover"])
    for k in ("drover", "ssh"):
        fl = link["flights"][k][top]
        L.append(f"- {k}: {sum(1 for d, _ in fl if d == 'up')} round trips: "
                 + ", ".join(f"{d} {n}" for d, n in fl))
    L += ["", "![echo latency CDF](bench-echo-cdf.png)", ""]
    for key, label in (("floods", "0 ms"), ("floods_capped", "10 MiB/s cap")):
        if not results.get(key):
            continue
        L += [f"## Floods, {label}", "",
              "| workload | Drover to final screen | ssh -tt into a local pty | ssh -tt > /dev/null (ceiling) | "
              "Drover / ceiling (target <= 1.05x) | bytes written locally, Drover / ssh (target <= 5%) | "
              "Drover frames/s, lowest 250 ms window (target >= 20) |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
        L += flood_rows(results[key], "", results.get("floods_counted") if key == "floods" else None)
        L += ["", f"![floods {label}](bench-{key.replace('_', '-')}.png)", ""]
    m = results["memory"]
    L += ["## Memory (peak RSS, VmHWM)", "", "| case | Drover | ssh -tt | target | result |", "| --- | --- | --- | --- | --- |"]
    L += memory_rows(m)
    L += ["", f"Anonymous (private heap) memory at the end: {m['no_history']['drover_anon'] / 2**20:.1f} MiB without history, "
          f"{m['one_host']['drover_anon'] / 2**20:.1f} MiB with 10,000 x 200; the rest of the resident size is mapped "
          "code and data (the drover binary with its statically linked Swift runtime and FoundationEssentials, libcrypto, "
          "libc), which Drover touches whatever the history holds (ADR 0033).", "", "![memory](bench-memory.png)", ""]
    h = results["hosts"]
    b50, h50 = percentile(h["echo_before"], 50), percentile(h["echo_blackholed"], 50)
    b99, h99 = percentile(h["echo_before"], 99), percentile(h["echo_blackholed"], 99)
    L += ["## Many hosts (16 in one Drover, each behind its own shaper)", "",
          "| measure | value | target | result |", "| --- | --- | --- | --- |",
          f"| frames drawn from the switch key to the other host's screen (worst of 15 switches) | "
          f"{h['switch_frames_max']} | <= 1 | {verdict(h['switch_frames_max'] <= 1)} |",
          f"| front host's echo p50 / p99, before and while another host is blackholed | {b50:.1f} / {b99:.1f} -> "
          f"{h50:.1f} / {h99:.1f} ms | unchanged (<= +2 ms) | {verdict(h50 <= b50 + 2 and h99 <= b99 + 2)} |",
          f"| blackholed host shows \"no answer for N s\" after | {h['no_answer_after_s']:.1f} s (keepalive "
          f"{h['keepalive']} s) | within keepalive + 3 s | {verdict(h['no_answer_after_s'] <= h['keepalive'] + 3)} |", ""]
    i = results["idle"]
    L += ["## Idle (attached, remote quiet)", "", "| client | CPU s/min | wake-ups/s (context switches) | target |",
          "| --- | --- | --- | --- |",
          f"| Drover | {i['drover']['cpu_s_per_min']:.3f} | {i['drover']['wakeups_per_s']:.2f} | <= 0.05 CPU s/min: "
          f"{verdict(i['drover']['cpu_s_per_min'] <= 0.05)} |",
          f"| ssh -tt | {i['ssh']['cpu_s_per_min']:.3f} | {i['ssh']['wakeups_per_s']:.2f} | |", ""]
    L += ["## Emulator and relay (earlier issues, same run)", ""]
    # The emulator table's own header: its columns depend on whether it had a baseline.
    L += header_rows(results["emulator_md"], "| workload | Drover MiB/s")
    L += table_rows(results["emulator_md"], "| workload | Drover MiB/s")
    L += ["", "| relay workload | after (this run) | before | speed-up |", "| --- | --- | --- | --- |"]
    L += relay_rows(results["relay_after"], results["relay_md"])
    L += [""] + results.get("notes", [])
    L += kept_prediction_section(path)
    open(path, "w").write("\n".join(L) + "\n")


def kept_prediction_section(path):
    """The section `scripts/bench prediction` owns in bench.md, kept as it was (a separate run)."""
    begin, end = "<!-- prediction: scripts/bench prediction -->", "<!-- /prediction -->"
    text = open(path).read() if os.path.exists(path) else ""
    if begin not in text or end not in text:
        return []
    return ["", "The section below is not from this run: `scripts/bench prediction` writes it in its own run",
            "(evidence/bench-prediction.md gives that run's commit and machine load).", "",
            text[text.index(begin):text.index(end) + len(end)]]
