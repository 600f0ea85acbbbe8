"""Helpers of scripts/bench-links and scripts/echo-probe: a pty the harness owns, a private
sshd with shaped links in front, the measurements, and the report (ADR 0014)."""
