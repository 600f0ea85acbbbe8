"""Turns scripts/bench-links' JSON into evidence/bench.md and its plots.

Usage: python3 -m benchkit.finish RESULTS.json EVIDENCE_DIR HEADER_FILE EMULATOR_MD RELAY_MD RELAY_AFTER_FILE [NOTES_FILE]
"""
import json
import os
import sys

from . import markdown, report


def int_keys(d):
    return {int(k): v for k, v in sorted(d.items(), key=lambda kv: int(kv[0]))}


def main():
    results_path, outdir, header, emulator_md, relay_md, relay_after = sys.argv[1:7]
    notes = sys.argv[7] if len(sys.argv) > 7 else None
    r = json.load(open(results_path))
    link = r["link"]
    link["connect"], link["echo"] = int_keys(link["connect"]), int_keys(link["echo"])
    link["flights"] = {k: int_keys(v) for k, v in link["flights"].items()}
    r["emulator_md"], r["relay_md"] = emulator_md, relay_md
    r["relay_after"] = {}
    for line in open(relay_after):
        name, ms = line.split()
        r["relay_after"][name] = float(ms)
    r["notes"] = open(notes).read().splitlines() if notes and os.path.exists(notes) else []
    report.plots(r, outdir)
    markdown.write(r, os.path.join(outdir, "bench.md"), open(header).read().splitlines())


if __name__ == "__main__":
    main()
