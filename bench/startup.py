#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Process start to exit of kibitz-cli, the light front (no LibTorch), against kibitz-cli-models (the same commands
linked with LibTorch, which is what every kibitz-cli command paid before the split) and Stockfish's own `go perft 1`,
measured in the same run: the median wall time of N runs each, and the shared libraries each binary loads; then the
window's start to its first arrows (kibitz --quit-on-arrows, offscreen) when the GUI is built beside the CLI.

    bench/startup.py [--cli build/release/app/cli/kibitz-cli] [--runs 15]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def find_cli(explicit):
    for cand in [explicit, os.path.join(HERE, "..", "build", "release", "app", "cli", "kibitz-cli"),
                 os.path.join(HERE, "..", "build", "ci", "app", "cli", "kibitz-cli")]:
        if cand and os.access(cand, os.X_OK):
            return os.path.abspath(cand)
    sys.exit("startup: kibitz-cli not found (build it or pass --cli)")


def median_wall(cmd, runs, stdin=None):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def libraries(binary):
    out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    return sum(1 for line in out.splitlines() if "=>" in line or line.strip().startswith("/"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli")
    ap.add_argument("--runs", type=int, default=15)
    a = ap.parse_args()
    front = find_cli(a.cli)
    models = os.path.join(os.path.dirname(front), "kibitz-cli-models")
    if not os.access(models, os.X_OK):
        sys.exit("startup: kibitz-cli-models not found beside " + front)
    stockfish = shutil.which("stockfish") or "/usr/games/stockfish"
    print(f"shared libraries: kibitz-cli {libraries(front)}, kibitz-cli-models {libraries(models)}")
    print(f"{'command':34} {'kibitz-cli':>11} {'-models':>11} {'ratio':>7}")
    rows = [("--version", ["--version"]),
            ("perft --depth 1", ["perft", "--depth", "1"]),
            ("analyse (one position)", ["analyse", "--fen", START])]
    for name, args in rows:
        f = median_wall([front] + args, a.runs)
        m = median_wall([models] + args, a.runs)
        print(f"{name:34} {f * 1000:9.1f} ms {m * 1000:8.1f} ms {m / f:6.1f}x")
    if os.access(stockfish, os.X_OK):
        s = median_wall([stockfish], a.runs, stdin=b"position startpos\ngo perft 1\nquit\n")
        f = median_wall([front, "perft", "--depth", "1"], a.runs)
        print(f"peer: stockfish 'go perft 1' {s * 1000:.1f} ms; kibitz-cli perft --depth 1 is {s / f:.2f}x its speed")
    gui = os.path.join(os.path.dirname(front), "..", "gui", "kibitz")
    if os.access(gui, os.X_OK):
        # The window: process start to the first arrows of the human-move model on the board (the app prints the
        # time since its process was created and quits), offscreen, with settings in a scratch folder.
        import re
        import tempfile
        times = []
        with tempfile.TemporaryDirectory() as home:
            env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=home, HOME=home)
            for _ in range(max(3, a.runs // 3)):
                out = subprocess.run([gui, "--quit-on-arrows", "--quit-after", "60000"], env=env,
                                     capture_output=True, text=True, timeout=90).stdout
                m = re.search(r"first arrows: (\d+) after ([0-9.]+) s", out)
                if not m:
                    sys.exit("startup: the window showed no arrows within 60 s")
                times.append(float(m.group(2)))
        print(f"window: process start to the first arrows {statistics.median(times) * 1000:.0f} ms "
              f"(median of {len(times)}, offscreen)")


if __name__ == "__main__":
    main()
