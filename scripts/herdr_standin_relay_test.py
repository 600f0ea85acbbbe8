#!/usr/bin/python3
"""Tests of scripts/herdr-standin-relay on its own (Tests/HostsTests/HerdrStandinRelayTests runs
them): a fake COMMAND writes scripted bytes through the relay, which runs on a pty of the test's,
and the test reads what reaches that terminal. Each wait is for an event (bytes arriving, the
relay ending); the bound only turns a hang into a failure.

    python3 scripts/herdr_standin_relay_test.py [-v]
"""
import json
import os
import select
import subprocess
import sys
import tty
import unittest

RELAY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "herdr-standin-relay")
# The fake COMMAND: a list of steps, ["w", HEX, TIMES] writes bytes TIMES over (one write), ["r"] waits for one
# typed byte, ["echo", N] reads N typed bytes and writes them back as hex in brackets.
FAKE = r"""
import json, os, sys
for step in json.loads(sys.argv[1]):
    if step[0] == "w":
        data = bytes.fromhex(step[1]) * step[2]
        while data:
            data = data[os.write(1, data):]
    elif step[0] == "r":
        os.read(0, 1)
    else:
        got = b""
        while len(got) < step[1]:
            got += os.read(0, step[1] - len(got))
        os.write(1, b"[" + got.hex().encode() + b"]")
"""
BOUND = 60
OPEN, CLOSE = b"\x1b[?2026h", b"\x1b[?2026l"


def w(data, times=1):
    return ["w", data.hex(), times]


class Relay:
    """The relay running the fake COMMAND with `steps`, on a pty whose master the test holds."""

    def __init__(self, steps, ssh=False):
        self.master, slave = os.openpty()
        tty.setraw(slave)   # as the stand-in leaves its terminal
        env = {k: v for k, v in os.environ.items() if k != "SSH_CONNECTION"}
        if ssh:
            env["SSH_CONNECTION"] = "127.0.0.1 1 127.0.0.1 22"
        self.process = subprocess.Popen([sys.executable, RELAY, sys.executable, "-c", FAKE, json.dumps(steps)],
                                        stdin=slave, stdout=slave, stderr=subprocess.DEVNULL,
                                        env=env, start_new_session=True)
        os.close(slave)
        self.seen = b""

    def type(self, data):
        os.write(self.master, data)

    def until(self, wanted):
        """Everything the terminal got, once it holds `wanted` (fails if the relay ends first)."""
        while wanted not in self.seen:
            ready, _, _ = select.select([self.master], [], [], BOUND)
            if not ready:
                raise AssertionError("waited %ds for %r; the terminal got %r" % (BOUND, wanted, self.seen[-300:]))
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            if not data:
                raise AssertionError("the relay ended before %r; the terminal got %r" % (wanted, self.seen[-300:]))
            self.seen += data
        return self.seen

    def finish(self):
        status = self.process.wait(BOUND)
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                break
            if not data:
                break
            self.seen += data
        os.close(self.master)
        return status


class RelayTests(unittest.TestCase):
    def run_steps(self, steps, wanted, ssh=False):
        relay = Relay(steps, ssh=ssh)
        seen = relay.until(wanted)
        self.assertEqual(relay.finish(), 0)
        return seen

    def test_clipboard_write_ends_with_bel_over_ssh(self):
        seen = self.run_steps([w(b"\x1b]52;c;aGk=\x1b\\")], CLOSE, ssh=True)
        self.assertIn(OPEN + b"\x1b]52;c;aGk=\x07" + CLOSE, seen)

    def test_clipboard_write_ends_with_st_without_ssh(self):
        seen = self.run_steps([w(b"\x1b]52;c;aGk=\x07")], CLOSE)
        self.assertIn(OPEN + b"\x1b]52;c;aGk=\x1b\\" + CLOSE, seen)

    def test_switches_of_herdrs_modes_are_taken_out(self):
        seen = self.run_steps([w(b"A\x1b[?1000;1006;25hB\x1b[?2004l\x1b[?1004hC\x1b[?2026h")], b"C")
        self.assertIn(OPEN + b"A\x1b[?25hBC" + CLOSE, seen)

    def test_a_sequence_split_across_two_writes_comes_out_whole(self):
        relay = Relay([w(b"x\x1b]52;c;aG"), ["r"], w(b"k=\x07y")])
        self.assertTrue(relay.until(OPEN + b"x" + CLOSE).endswith(OPEN + b"x" + CLOSE))
        relay.type(b"g")
        self.assertIn(OPEN + b"\x1b]52;c;aGk=\x1b\\y" + CLOSE, relay.until(b"y" + CLOSE))
        self.assertEqual(relay.finish(), 0)

    def test_a_utf8_character_split_across_two_writes_comes_out_whole(self):
        relay = Relay([w(b"x\xe2\x82"), ["r"], w(b"\xac")])
        self.assertTrue(relay.until(OPEN + b"x" + CLOSE).endswith(OPEN + b"x" + CLOSE))
        relay.type(b"g")
        self.assertIn(OPEN + "€".encode() + CLOSE, relay.until("€".encode() + CLOSE))
        self.assertEqual(relay.finish(), 0)

    def test_an_unknown_escape_does_not_hold_up_what_follows(self):
        # Before the fix nothing after "a" came out until COMMAND ended.
        relay = Relay([w(b"a\x1b\x1bb"), ["r"], w(b"then text")])
        relay.until(b"b" + CLOSE)
        relay.type(b"g")
        relay.until(b"then text" + CLOSE)
        self.assertEqual(relay.finish(), 0)
        self.assertEqual(relay.seen.replace(OPEN, b"").replace(CLOSE, b""), b"a\x1b\x1bbthen text")

    def test_an_endless_string_is_flushed_at_one_mebibyte(self):
        relay = Relay([w(b"\x1b]52;c;"), w(b"a", (1 << 20) + 1), ["r"], w(b"\x07z")])
        relay.until(b"a" * 1024 + CLOSE)   # flushed while COMMAND still runs, without its end
        self.assertGreater(relay.seen.count(b"a"), 1 << 20)
        relay.type(b"g")
        relay.until(b"z" + CLOSE)
        self.assertEqual(relay.finish(), 0)

    def test_keys_reach_command_raw_and_colour_scheme_reports_do_not(self):
        # Typed before COMMAND reads: a cooked pty would echo "q" and hold it as a line.
        relay = Relay([["echo", 1], ["echo", 2], ["echo", 2]])
        relay.type(b"q")
        relay.until(b"[71]")
        relay.type(b"k\x1b[?997;1nz")
        relay.until(b"[6b7a]")
        relay.type(b"m\x1b[?99")
        relay.type(b"7;2nZ")
        relay.until(b"[6d5a]")
        self.assertEqual(relay.finish(), 0)
        self.assertNotIn(b"q" + CLOSE, relay.seen)


if __name__ == "__main__":
    unittest.main()
