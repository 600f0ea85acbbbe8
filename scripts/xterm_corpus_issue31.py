"""Issue 31's families for scripts/gen-xterm-corpus (imported by it, after its helpers exist):
REP after every kind of control function, wide characters at and one before the right edge or
margin in mode combinations, DECRQM of every mode xterm knows (set, reset, across RIS and
DECSTR), DECRQSS of every setting, the resets, and random mixes with RIS/DECSTR and reports.
Streams are added through gen-xterm-corpus's `add`, seeded, so they are the same every run.
"""
import random

from __main__ import (ESC, CSI, DCS, OSC, ST, MODES_ANSI, MODES_DEC, OPS_ALL, add, checksums, mix,
                      op_margins, op_text)

# REP repeats only a graphic character written right before it: after each kind of control
# function (C0, ESC, CSI, strings, REP itself) it must do nothing; a combining mark keeps it.
REP_BREAKERS = ["\x00", "\x07", "\b", "\t", "\n", "\x0b", "\x0c", "\r", "\x0e\x0f", "\x7f", f"{ESC}7", f"{ESC}8",
                f"{ESC}(B", f"{ESC})0", f"{ESC}D", f"{ESC}M", f"{ESC}E", f"{ESC}H", f"{ESC}=", f"{ESC}>", f"{ESC}N",
                f"{CSI}1;5H", f"{CSI}H", f"{CSI}C", f"{CSI}m", f"{CSI}1m", f"{CSI}?7h", f"{CSI}4l", f"{CSI}K", f"{CSI}@",
                f"{CSI}P", f"{CSI}X", f"{CSI}5n", f"{CSI}?25$p", f"{CSI}99z", f"{CSI}0\"q", f"{CSI}3b", f"{CSI}s",
                f"{DCS}$qm{ST}", f"{OSC}2;t{ST}", f"{OSC}4;1;?\x07", f"{ESC}_apc{ST}", f"{ESC}^pm{ST}", f"{ESC}Xsos{ST}",
                "\u20e3", "\u200d", "\u200b", "中", f"{ESC}(0", f"{ESC}[?2026h{ESC}[?2026l"]


def op_rep(rng, cols, rows):
    ch = rng.choice(["a", "中", "q", "\u00e9", "😀", "x\u0301"])
    between = rng.choice(REP_BREAKERS + [""] * 6)
    return f"{CSI}{rng.randrange(1, rows + 1)};{rng.randrange(1, cols + 1)}H{ch}{between}{CSI}{rng.choice(['', '0', '1', '3', '7', '200'])}b"


def op_modes(rng, cols, rows):
    """A combination of the modes that change where a character lands."""
    out = [f"{CSI}4{rng.choice('hl')}" if rng.random() < 0.5 else ""]
    out.append(f"{CSI}?7{rng.choice('hl')}" if rng.random() < 0.4 else "")
    out.append(f"{CSI}{rng.choice(['1', '0', '2'])}\"q" if rng.random() < 0.4 else "")
    if rng.random() < 0.3:
        t = rng.randrange(1, rows)
        out.append(f"{CSI}{t};{rng.randrange(t + 1, rows + 1)}r")
    if rng.random() < 0.3:
        out.append(op_margins(rng, cols, rows))
    out.append(f"{CSI}?6{rng.choice('hl')}" if rng.random() < 0.15 else "")
    return "".join(out)


def op_wide_edge(rng, cols, rows):
    """A wide character at, or one before, the right edge or margin, or ICH/DCH there."""
    col = rng.choice([cols, cols - 1, cols - 2, rng.randrange(1, cols + 1)])
    out = f"{CSI}{rng.randrange(1, rows + 1)};{col}H"
    return out + rng.choice(["中", "中文", "中x", "x中", f"中{CSI}2@", f"中{CSI}P", f"{CSI}@中", f"{CSI}2P中",
                             f"{CSI}'}}中", f"{CSI}'~中", "😀\u0301", f"{CSI}8m中{CSI}28m", "ab中"])


def op_reset(rng, cols, rows):
    """RIS or DECSTR, then reports of what they reset."""
    modes = rng.sample([m for m in MODES_DEC if m not in (2, 38)], 3)
    asks = "".join(f"{CSI}?{m}$p" for m in modes) + f"{CSI}2$p{CSI}12$p"
    colours = f"{OSC}4;1;?{ST}{OSC}5;0;?{ST}{OSC}10;?{ST}{OSC}17;?{ST}"
    back = f"{CSI}1;1H\bR{CSI}3;{cols - 10}H{CSI}{cols}DS"
    return rng.choice([f"{ESC}c", f"{CSI}!p"]) + asks + rng.choice([colours, back, f"{DCS}$qm{ST}{DCS}$qr{ST}"])


OPS_31 = [op_rep, op_modes, op_wide_edge, op_reset]
# ?38 opens the Tektronix window (xterm stops answering); ?2026 is a deliberate difference.
MODES_EVERY_DEC = [m for m in MODES_DEC if m not in (38, 2026)] + [1012, 1013, 1014, 1017, 1070, 2027, 2031]
for chunk in range(0, len(MODES_EVERY_DEC), 12):
    add(f"report-decrqm-set-{chunk // 12}", "".join(f"{CSI}?{m}h{CSI}?{m}$p" + ("" if m == 2 else f"{CSI}?{m}l{CSI}?{m}$p")
                                                   for m in MODES_EVERY_DEC[chunk:chunk + 12]))
for chunk in range(0, len(MODES_EVERY_DEC), 12):
    for name, reset in [("str", f"{CSI}!p"), ("ris", f"{ESC}c")]:
        add(f"report-decrqm-reset-{name}-{chunk // 12}",
            "".join(f"{CSI}?{m}$p{CSI}?{m}h{reset}{CSI}?{m}$p" + ("" if m == 2 else f"{CSI}?{m}l{reset}{CSI}?{m}$p")
                    for m in MODES_EVERY_DEC[chunk:chunk + 12]))
add("report-decrqm-set-ansi", "".join(f"{CSI}{m}h{CSI}{m}$p{CSI}{m}l{CSI}{m}$p" for m in MODES_ANSI))
for name, reset in [("str", f"{CSI}!p"), ("ris", f"{ESC}c")]:
    add(f"report-decrqm-reset-{name}-ansi", "".join(f"{CSI}{m}$p{CSI}{m}h{reset}{CSI}{m}$p{CSI}{m}l{reset}{CSI}{m}$p"
                                                    for m in [2, 4, 12, 20]))
add("report-decrqm-mouse-highlight", f"{CSI}?1001h{CSI}?1000h{CSI}?1001$p{CSI}?1000$p{CSI}?1001h{CSI}?1000$p{CSI}?1001$p"
    + f"{CSI}?1003l{CSI}?1001$p")


def rqss(setting):
    return f"{DCS}$q{setting}{ST}"


SETTINGS = ["m", "r", "s", " q", "\"p", "\"q", "*x", "t", "*|", "$|", "$}", "$~", "*}", "'s", "+|", ",|", "zz", "", "|",
            "'|", "'}", ")p", "*p", "*q", "*s", "*u", ",p", ",q", "+p", "+q", "+r", "+w", "+x", "+y", "+z", "-p", "-q",
            "$q", "$s", "$w", "#p", "#q", "%q", "&u", "'w", ")}", "*r", "*{"]
add("report-decrqss-every", "".join(rqss(s) for s in SETTINGS))
add("report-decrqss-decsace", "".join(f"{CSI}{n}*x" + rqss("*x") for n in [2, 1, 0, 3, 2]) + f"{CSI}!p" + rqss("*x"))
add("report-decrqss-decsasd", "".join(f"{CSI}{n}$}}" + rqss("$}") for n in [1, 0, 2]) + f"{CSI}1$}}abc{CSI}0$}}" + rqss("$}"))
add("report-decrqss-decslpp", "".join(f"{CSI}{n}t" + rqss("t") for n in [30, 24, 10, 0]) + f"{CSI}30t{ESC}c" + rqss("t"))
add("report-decrqss-decsnls", "".join(f"{CSI}{n}*|" + rqss("*|") for n in [30, 24, 10, 0]) + f"{CSI}26*|{CSI}!p" + rqss("*|") + rqss("t"))
for i, chunk in enumerate([REP_BREAKERS[k:k + 12] for k in range(0, len(REP_BREAKERS), 12)]):
    add(f"rep-after-{i}", "".join(f"{CSI}{r + 1};1Ha{c}{CSI}3b" for r, c in enumerate(chunk)) + checksums(random.Random(3000 + i), 40, 12), 40, 12)
add("rep-variants", f"a{CSI}0b\r\n{ESC}(0q{CSI}3b{ESC}(B\r\nx\u0301{CSI}2b\r\n中{CSI}2b\r\n{CSI}4hxy{CSI}4D{CSI}2b{CSI}4l\r\n"
    + f"{CSI}6;38Habc{CSI}3b\r\n{CSI}8mhid{CSI}2b{CSI}0m\r\n{CSI}9;39H中{CSI}b{CSI}?7l{CSI}10;38H中{CSI}3b{CSI}?7h" + checksums(random.Random(3050), 40, 12), 40, 12)
# The class each fix came from, with the minimal streams (XtermParityTests names them).
RESETS = {
    "bs-after-decstr": f"{CSI}?45h{CSI}!p{CSI}3;1Hx\b\bY",
    "bs-after-ris": f"{CSI}?45h{ESC}c{CSI}3;1Hx\b\bY",
    "cub-after-decstr": f"{CSI}?45h{CSI}!p{CSI}3;66H{CSI}70DY{CSI}?1045h{CSI}!p{CSI}5;66H{CSI}70DZ{CSI}?45$p",
    "cub-after-ris": f"{CSI}?1045h{CSI}?45h{ESC}c{CSI}3;66H{CSI}70DY{CSI}1;1H\bZ",
    "cub-margins": f"{CSI}?45h{CSI}?69h{CSI}10;50s{CSI}3;20H{CSI}15DY{CSI}3;5H{CSI}3DZ",
    "colours-ris": "".join(f"{OSC}{n};rgb:11/22/33{ST}" for n in range(10, 20)) + f"{OSC}4;1;rgb:11/22/33{ST}{OSC}5;0;rgb:11/22/33{ST}{ESC}c"
    + "".join(f"{OSC}{n};?{ST}" for n in range(10, 20)) + f"{OSC}4;1;?{ST}{OSC}5;0;?{ST}",
    "colours-decstr": "".join(f"{OSC}{n};rgb:11/22/33{ST}" for n in range(10, 20)) + f"{OSC}4;1;rgb:11/22/33{ST}{OSC}5;0;rgb:11/22/33{ST}{CSI}!p"
    + "".join(f"{OSC}{n};?{ST}" for n in range(10, 20)) + f"{OSC}4;1;?{ST}{OSC}5;0;?{ST}",
    "colours-unchanged": "".join(f"{OSC}{n + 100}{ST}{OSC}{n};?{ST}" for n in range(10, 20))
    + f"{OSC}104;1{ST}{OSC}4;1;?{ST}{OSC}104{ST}{OSC}4;2;?{ST}{OSC}105;0{ST}{OSC}5;0;?{ST}{OSC}105{ST}{OSC}5;1;?{ST}",
    "colours-special": f"{OSC}5;0;rgb:11/22/33{ST}{OSC}105{ST}{OSC}5;0;?{ST}{OSC}4;256;rgb:11/22/33{ST}{OSC}105;0{ST}{OSC}5;0;?{ST}"
    + f"{OSC}5;2;rgb:11/22/33{ST}{OSC}104;258{ST}{OSC}5;2;?{ST}{OSC}104{ST}{OSC}5;2;?{ST}",
    "colours-params": f"{OSC}4;1;rgb:11/22/33{ST}{OSC}104;1;2{ST}{OSC}4;1;?{ST}{OSC}4;2;rgb:11/22/33{ST}{OSC}104;;2{ST}{OSC}4;2;?{ST}"
    + f"{OSC}10;rgb:11/22/33{ST}{OSC}110;{ST}{OSC}10;?{ST}{OSC}11;rgb:11/22/33{ST}{OSC}111;x{ST}{OSC}11;?{ST}",
    "keyboard": f"{CSI}>4;2m{CSI}>1;1m{CSI}!p{CSI}?4m{CSI}?1m{CSI}>4;2m{ESC}c{CSI}?4m{ESC}={CSI}?1h{CSI}!p{CSI}?66$p{CSI}?1$p",
    "alternate-scroll": f"{CSI}?1007h{ESC}c{CSI}?1007$p{CSI}?12h{CSI}!p{CSI}?12$p",
}
for name, text in RESETS.items():
    add(f"reset-{name}", text)
# A wide character's right half left alone (vt2: reduced from wide-edge-*): written over in the
# last column, and shifted to the cursor by DCH and DECDC, with and without a rendition or colour.
def row_sums(rows, cols):
    return "".join(f"{CSI}{r};1;{r};1;{r};{cols}*y" for r in range(1, rows + 1))


ORPHAN_PENS = ["", f"{CSI}31m", f"{CSI}1m", f"{CSI}7m", f"{CSI}41m", f"{CSI}4m"]
add("wide-orphan-overwrite", "".join(f"{CSI}{r + 1};29H中{CSI}{r + 1};29H{pen}x{CSI}m" for r, pen in enumerate(ORPHAN_PENS))
    + f"{CSI}7;20H中{CSI}7;20Hx" + row_sums(8, 30), 30, 8)
add("wide-orphan-decic", f"{CSI}4;28H中{CSI}4;28H{CSI}'}}中" + row_sums(8, 30), 30, 8)
add("wide-orphan-dch", "".join(f"{CSI}{r + 1};{20 + 4 * (r % 2)}H{pen}中{CSI}m{later}{CSI}{r + 1};{20 + 4 * (r % 2)}H{CSI}P{CSI}m"
                               for r, (pen, later) in enumerate([(f"{CSI}1m", ""), (f"{CSI}41;1m", ""), (f"{CSI}1m", f"{CSI}44m"), ("", "")]))
    + f"{CSI}5;28H{CSI}1m中{CSI}m{CSI}5;28H{CSI}P" + row_sums(8, 30), 30, 8)
# ECH, EL and DCH cutting an underlined wide character: each on its own row, on either half,
# in the middle and in the last column; then a DECERA, which keeps the rendition.
ORPHAN_EDITS = [(20, 20, "X"), (20, 20, "1K"), (20, 21, "1K"), (20, 21, "K"), (20, 21, "X"), (20, 21, "P"), (39, 40, "P"),
                (39, 40, "X"), (39, 40, "K")]
add("wide-orphan-erase", "".join(f"{CSI}4m{CSI}{r + 1};{at}H中{CSI}m{CSI}{r + 1};{cursor}H{CSI}{edit}" for r, (at, cursor, edit) in enumerate(ORPHAN_EDITS))
    + f"{CSI}4m{CSI}10;20H中{CSI}m{CSI}10;21;10;21$z" + row_sums(10, 40), 40, 10)
# A combining mark after a hidden wide character joins the one space xterm stores for it.
add("hidden-wide-mark", f"{CSI}8m中\u0301{CSI}2;1H😀\u0301{CSI}3;1H{CSI}22;4;8m中中\u0301{CSI}4;5H中{CSI}28mx\u0301{CSI}5;1H{CSI}8m中{CSI}m\u0301"
    + row_sums(10, 40), 40, 10)
for i, (pen, later) in enumerate([(f"{CSI}1m", ""), (f"{CSI}41;1m", ""), (f"{CSI}1m", f"{CSI}44m"), ("", "")]):
    add(f"wide-orphan-decdc-{i}", f"{pen}{CSI}4;28H中{CSI}4;10H中{CSI}m{later}{CSI}2;28H{CSI}'~{CSI}2;10H{CSI}'~" + row_sums(8, 30), 30, 8)
# A wide character cut by a DECCRA clipped at the page's right edge keeps its left half alone
# in the last column (mix31-15), at any width; printing next to it or over it; cut in the middle
# of the page it is erased. Rows 1-3 and 5 of each; then every row's sum.
for cols, rows in [(20, 6), (30, 8)]:
    add(f"wide-lone-left-{cols}", f"{CSI}1;1H中文{CSI}4;{cols - 3}HQ{CSI}1;1;1;4;1;2;{cols - 2}$v{CSI}1;1;1;4;1;3;{cols - 2}$v"
        f"{CSI}3;{cols}Hx{CSI}1;1;1;4;1;4;{cols - 2}$v{CSI}4;{cols - 3}Hyz{CSI}1;1;1;3;1;5;{cols - 6}$v" + row_sums(rows, cols), cols, rows)
# A scroll inside DECSLRM/DECSTBM cutting a bold wide character at the right or left margin
# (wide-edge-2): both halves become bold written blanks, for SU, SD and a taller region.
CUT_SCROLLS = [("7;28", "6;7", "S"), ("7;15", "6;7", "S"), ("6;28", "6;7", "T"), ("7;28", "5;7", "2S")]
for i, (at, region, scroll) in enumerate(CUT_SCROLLS):
    add(f"wide-cut-scroll-{i}", f"{CSI}5;1HA{CSI}6;1HA{CSI}7;1HA{CSI}1m{CSI}{at}H中{CSI}m{CSI}?69h{CSI}16;28s{CSI}{region}r"
        f"{CSI}7;20H{CSI}{scroll}" + row_sums(8, 30), 30, 8)
# The rows just outside the region that a partial-row scroll of n lines reads from (below it
# scrolling up, above it scrolling down; n at most the region's height) get their wide
# character across a margin cut too (wide-edge-2's second cause): the wrap at the bottom margin
# reduced from it, SU 2, SD 2, a DL taller than what is left, RI, at three widths.
CUT_BEYOND = [("8;15", "6;7", "5;29H中", 30, 8, CSI + "?6h"), ("9;15", "5;8", "7;20H" + CSI + "2S", 40, 10, ""),
              ("3;15", "5;8", "7;20H" + CSI + "2T", 40, 10, ""), ("8;28", "3;5", "3;20H" + CSI + "3M", 40, 10, ""),
              ("1;5", "2;4", "2;10H" + ESC + "M", 20, 6, "")]
for i, (at, region, then, cols, rows, origin) in enumerate(CUT_BEYOND):
    margins = "16;28" if cols > 20 else "6;18"
    add(f"wide-cut-beyond-{i}", f"{CSI}{at}H{CSI}1m中{CSI}m{CSI}?69h{CSI}{margins}s{origin}{CSI}{region}r{CSI}{then}{CSI}?6l"
        + row_sums(rows, cols), cols, rows)
for i in range(16):
    rng = random.Random(3100 + i)
    cols, rows = rng.choice([(40, 10), (30, 8), (20, 6)])
    add(f"wide-edge-{i}", mix(rng, [op_modes, op_wide_edge, op_wide_edge, op_text], 24, cols, rows), cols, rows)
for i in range(24):
    rng = random.Random(3200 + i)
    cols, rows = rng.choice([(80, 24), (40, 12), (60, 20), (30, 8)])
    add(f"mix31-{i}", mix(rng, OPS_ALL + OPS_31 * 2, 30, cols, rows), cols, rows)
