"""evidence/bench.md and its plots from one run's results (medians, min-max, targets)."""
import os
import statistics

from .link import percentile


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def rng(xs, fmt="{:.2f}"):
    return f"{fmt.format(min(xs))}–{fmt.format(max(xs))}" if xs else "-"


def verdict(ok):
    return "pass" if ok else "**MISSED**"


def connect_rows(r):
    rows = []
    for rtt, t in r["connect"].items():
        d, s = med(t["drover"]), med(t["ssh"])
        ratio = d / s
        fl = {k: sum(1 for x in r["flights"][k][rtt] if x[0] == "up") for k in ("drover", "ssh")}
        # At 0 ms the bursts merge and split with scheduling, so they are not counted there.
        trips = f"round trips {fl['drover']} vs {fl['ssh']}" if rtt > 0 else "round trips not counted at 0 ms"
        rows.append(f"| connect to first frame, {rtt} ms RTT | {d * 1000:.0f} ms ({rng(t['drover'], '{:.2f}')} s) | "
                    f"{s * 1000:.0f} ms ({rng(t['ssh'], '{:.2f}')} s) | {ratio:.2f}x | <= 0.8x | {verdict(ratio <= 0.8)} | "
                    f"{trips} |")
    return rows


def echo_rows(r):
    rows = []
    for rtt, e in r["echo"].items():
        dp = [percentile(e["drover"], p) for p in (50, 90, 99)]
        sp = [percentile(e["ssh"], p) for p in (50, 90, 99)]
        ok = dp[2] <= sp[2] + 2 and dp[0] <= sp[0] + 2 and (rtt != 0 or dp[0] <= sp[0] + 1)
        rows.append(f"| echo p50/p90/p99, {rtt} ms RTT ({len(e['drover'])}/{len(e['ssh'])} keys) | "
                    f"{dp[0]:.1f} / {dp[1]:.1f} / {dp[2]:.1f} ms | {sp[0]:.1f} / {sp[1]:.1f} / {sp[2]:.1f} ms | "
                    f"{dp[0] - sp[0]:+.1f} ms p50 | {'p50 <= ssh + 1 ms, p99 <= ssh + 2 ms' if rtt == 0 else 'p50, p99 <= ssh + 2 ms'} | "
                    f"{verdict(ok)} | |")
    return rows


def flood_rows(floods, cap_label, counted=None):
    """One row per workload. `counted`: scroll_region with a counter in each line (its own
    lines are all alike, so its screen stops changing and frames per second say nothing);
    when given, that row's frames-per-second verdict is the counted copy's."""
    rows = []
    for name, r in floods.items():
        if not r["drover"]:
            rows.append(f"| {name} {cap_label} | no run reached the final screen | | | **MISSED** | | |")
            continue
        d = [x["seconds"] for x in r["drover"]]
        p = [x["seconds"] for x in r["ssh_pty"]]
        n = [x["seconds"] for x in r["ssh_null"]]
        db = med([x["bytes"] for x in r["drover"]])
        sb = med([x["bytes"] for x in r["ssh_pty"]])
        fps = [x["min_fps"] for x in r["drover"] if x["min_fps"] is not None]
        ok_time = med(d) <= 1.05 * med(n)
        ok_bytes = db <= 0.05 * sb
        ok_fps = bool(fps) and min(fps) >= 20
        fps_cell = f"{(min(fps) if fps else 0):.0f} (mean {med([x['fps'] for x in r['drover']]):.0f}) {verdict(ok_fps)}"
        if not fps:
            fps_cell = "n/a: every run was shorter than three 250 ms windows"
        c = (counted or {}).get(name + "_counted", {}).get("drover")
        cfps = [x["min_fps"] for x in c or [] if x["min_fps"] is not None]
        if cfps:
            ok_fps = min(cfps) >= 20
            fps_cell = (f"{(min(fps) if fps else 0):.0f} (mean {med([x['fps'] for x in r['drover']]):.0f}): a static "
                        f"screen; with a counter in each line {min(cfps):.0f} (mean {med([x['fps'] for x in c]):.0f}) "
                        f"{verdict(ok_fps)}")
        rows.append(f"| {name} {cap_label} | {med(d):.2f} s ({rng(d)}) | {med(p):.2f} s ({rng(p)}) | "
                    f"{med(n):.2f} s ({rng(n)}) | {med(d) / med(n):.2f}x {verdict(ok_time)} | "
                    f"{100.0 * db / sb:.2f}% {verdict(ok_bytes)} | "
                    f"{fps_cell} |")
    return rows


def plots(results, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    echo = results["link"]["echo"]
    fig, axes = plt.subplots(1, len(echo), figsize=(5 * len(echo), 4))
    for ax, (rtt, e) in zip(axes if len(echo) > 1 else [axes], echo.items()):
        for label, style in (("drover", "-"), ("ssh", "--")):
            xs = sorted(e[label])
            ax.plot(xs, [(i + 1) / len(xs) for i in range(len(xs))], style, label="Drover" if label == "drover" else "ssh -tt")
        ax.set_title(f"echo latency, {rtt} ms RTT")
        ax.set_xlabel("ms from key to echo")
        ax.set_ylabel("fraction of keys")
        ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, "bench-echo-cdf.png"), dpi=80)
    plt.close(fig)
    for key, title in (("floods", "floods, 0 ms"), ("floods_capped", "floods, 10 MiB/s cap")):
        fl = results.get(key)
        if not fl:
            continue
        names = list(fl)
        fig, ax = plt.subplots(figsize=(10, 4))
        width = 0.27
        for i, (label, text) in enumerate((("drover", "Drover"), ("ssh_pty", "ssh -tt, local pty"),
                                          ("ssh_null", "ssh -tt > /dev/null (ceiling)"))):
            ax.bar([j + (i - 1) * width for j in range(len(names))],
                   [med([x["seconds"] for x in fl[n][label]]) for n in names], width, label=text)
        ax.set_xticks(range(len(names)), names, rotation=20)
        ax.set_ylabel("seconds to final screen (median)")
        ax.set_title(title)
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, f"bench-{key.replace('_', '-')}.png"), dpi=80)
        plt.close(fig)
    mem = results["memory"]
    fig, ax = plt.subplots(figsize=(6, 4))
    labels = ["1 host idle", "1 host, 10,000 x 200", "16 busy hosts"]
    values = [mem[k]["drover"] / 2**20 for k in ("no_history", "one_host", "sixteen_hosts")]
    ax.bar(labels, values, color=["tab:green", "tab:blue", "tab:orange"])
    for i, (_, _, limit) in enumerate(memory_targets(mem)):
        ax.hlines(limit / 2**20, i - 0.4, i + 0.4, colors="red", linestyles="dashed")
    ax.set_ylabel("peak RSS, MiB (red: target)")
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, "bench-memory.png"), dpi=80)
    plt.close(fig)


def memory_targets(m):
    """Issue 29's memory targets as (case, key, bytes): one host idle within 1.5x `ssh -tt`'s idle
    peak, with 10,000 x 200 history within 2x that same idle figure, 16 busy hosts 48 MiB."""
    ssh_idle = m["no_history"]["ssh"]
    return [("1 host, idle attached (no history)", "no_history", 1.5 * ssh_idle),
            ("1 host, 10,000 lines x 200 columns of history", "one_host", 2 * ssh_idle),
            ("16 hosts, full screen, 1,000 lines of history, busy alternate screen for 30 s (the rewind full)", "sixteen_hosts", 48 * 2**20)]


def memory_rows(m):
    """The memory table's rows: Drover's peak RSS next to `ssh -tt`'s from the same run."""
    ssh_idle = m["no_history"]["ssh"] / 2**20
    rows = []
    for case, key, limit in memory_targets(m):
        d = m[key]["drover"]
        ssh = f"{m[key]['ssh'] / 2**20:.1f} MiB" if "ssh" in m[key] else "(16 processes)"
        target = {"no_history": f"<= 1.5x ssh idle ({limit / 2**20:.1f} MiB)",
                  "one_host": f"<= 2x ssh idle ({limit / 2**20:.1f} MiB)"}.get(key, "<= 48 MiB")
        ratio = f", {d / 2**20 / ssh_idle:.2f}x ssh idle" if key != "sixteen_hosts" else ""
        rows.append(f"| {case} | {d / 2**20:.1f} MiB{ratio} | {ssh} | {target} | {verdict(d <= limit)} |")
    return rows


def interrupt_rows(r):
    """Ctrl+C during a flood on a slow link (scripts/benchkit/interrupt.py): one row."""
    d = [x["seconds"] for x in r["drover"]]
    s = [x["seconds"] for x in r["ssh"]]
    if not d or not s:
        return [f"| Ctrl+C during `cat` of {r['mib']} MB, {r['rate_kib']} KiB/s, {r['rtt_ms']} ms RTT | no run reached "
                "the prompt | | | <= 0.35x | **MISSED** | |"]
    ratio = med(d) / med(s)
    db, sb = med([x["bytes"] for x in r["drover"]]), med([x["bytes"] for x in r["ssh"]])
    return [f"| Ctrl+C during `cat` of {r['mib']} MB, {r['rate_kib']} KiB/s, {r['rtt_ms']} ms RTT, {r['queue_kib']} KiB "
            f"queue: prompt back | {med(d):.2f} s ({rng(d)} s) | {med(s):.2f} s ({rng(s)} s) | {ratio:.2f}x | <= 0.35x | "
            f"{verdict(ratio <= 0.35)} | bytes written locally after the key: {db / 1024:.0f} KiB vs {sb / 1024:.0f} KiB |"]
