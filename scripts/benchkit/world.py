"""The benchmark's world: a private sshd on 127.0.0.1, one key for `ssh` and Drover's device
key both authorized, both clients' known-hosts files pinning every port (no questions), and
link shapers (scripts/link-shaper) in front of the sshd, one per port."""
import os
import signal
import socket
import subprocess
import tempfile
import time

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class World:
    def __init__(self, drover):
        self.drover = drover
        self.dir = tempfile.mkdtemp(prefix="drover-bench-")
        os.chmod(self.dir, 0o755)
        self.user = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
        self.port = free_port()
        self.shapers = []
        d = self.dir
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{d}/host_key"], check=True)
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{d}/ssh_key"], check=True)
        os.makedirs(f"{d}/keys", exist_ok=True)
        os.makedirs("/run/sshd", exist_ok=True)
        with open(f"{d}/sshd_config", "w") as f:
            f.write(f"Port {self.port}\nListenAddress 127.0.0.1\nHostKey {d}/host_key\n"
                    f"AuthorizedKeysFile {d}/keys/%u\nPidFile {d}/sshd.pid\nUsePAM no\nStrictModes no\n"
                    "PermitRootLogin yes\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                    "MaxStartups 100\nMaxSessions 100\nClientAliveInterval 0\n")
        self.sshd_log = open(f"{d}/sshd.log", "w")
        self.sshd = subprocess.Popen(["/usr/sbin/sshd", "-f", f"{d}/sshd_config", "-D", "-e"],
                                     stderr=self.sshd_log)
        for _ in range(100):
            if "Server listening" in open(f"{d}/sshd.log").read():
                break
            time.sleep(0.1)
        self.home = f"{d}/home"
        os.makedirs(self.home, mode=0o700)
        self.env = dict(os.environ, DROVER_HOME=self.home, TERM="xterm-256color", LANG="C.UTF-8")
        subprocess.run([drover, "key"], env=self.env, capture_output=True, check=True)
        with open(f"{d}/keys/{self.user}", "w") as f:
            f.write(open(f"{self.home}/device_ed25519.pub").read())
            f.write(open(f"{d}/ssh_key.pub").read())
        self.host_key = " ".join(open(f"{d}/host_key.pub").read().split()[:2])
        self.pinned = set()
        self.hosts = 0

    def shaper(self, delay_ms=0, rate_kib=0, jitter_ms=0, trace=None, queue_kib=0):
        """A new shaped port in front of the sshd (delay each way = RTT / 2; queue_kib bounds the
        queue in front of the rate cap)."""
        argv = ["python3", f"{SCRIPTS}/link-shaper", "--target", str(self.port), "--delay-ms", str(delay_ms),
                "--rate-kib", str(rate_kib), "--jitter-ms", str(jitter_ms), "--queue-kib", str(queue_kib)]
        if trace:
            argv += ["--trace", trace]
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        port = int(p.stdout.readline().split()[1])
        self.shapers.append(p)
        self.pin(port)
        return p, port

    def pin(self, port):
        if port in self.pinned:
            return
        self.pinned.add(port)
        for path in (f"{self.home}/known_hosts", f"{self.dir}/ssh_known_hosts"):
            with open(path, "a") as f:
                f.write(f"[127.0.0.1]:{port} {self.host_key}\n")
            os.chmod(path, 0o600)

    def add_host(self, port, command):
        """Registers a Drover host on `port` running `command`; returns its name."""
        self.pin(port)
        self.hosts += 1
        name = f"b{self.hosts}"
        subprocess.run([self.drover, "hosts", "add", name, "--host", "127.0.0.1", "--port", str(port),
                        "--user", self.user, "--command", command], env=self.env, capture_output=True, check=True)
        return name

    def drover_argv(self, names, *extra):
        return [self.drover, "attach", *names, *extra]

    def ssh_argv(self, port, command):
        return ["ssh", "-tt", "-q", "-p", str(port), "-i", f"{self.dir}/ssh_key", "-o", "IdentitiesOnly=yes",
                "-o", f"UserKnownHostsFile={self.dir}/ssh_known_hosts", "-o", "StrictHostKeyChecking=yes",
                "-o", "GlobalKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-F", "/dev/null",
                f"{self.user}@127.0.0.1", command]

    def close(self):
        for p in self.shapers:
            p.send_signal(signal.SIGTERM)
            p.wait()
        self.sshd.terminate()
        self.sshd.wait()
        subprocess.run(["rm", "-rf", self.dir])
