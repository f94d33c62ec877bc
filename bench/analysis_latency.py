#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Latency of analysing one position with the default human-move model (p50, p95; target <= 30 ms).

Usage: bench/analysis_latency.py [--cli PATH] [--model BUNDLE] [--positions N] [--elo N]
Positions are the FENs of real Lichess puzzles (tests/data/puzzles_sample.csv, position after the setup move is
not needed: any real position will do, so the puzzle FEN itself is used). The CLI loads the model once and
reports the model time per position ("ms" in its JSON lines), which is what the GUI waits for after a change.
"""
import argparse
import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def find_cli(explicit):
    for cand in [explicit, os.path.join(HERE, "..", "build", "release", "app", "cli", "kibitz-cli"),
                 shutil.which("kibitz-cli")]:
        if cand and os.access(cand, os.X_OK):
            return cand
    sys.exit("analysis_latency: kibitz-cli not found (build it or pass --cli)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cli")
    ap.add_argument("--model")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--elo", type=int, default=1600,
                    help="mover's and opponent's rating (default 1600: halfway between two Maia band centres, so a blended "
                         "default model runs both nets, its slowest case)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cli = find_cli(args.cli)
    fens = []
    with open(os.path.join(HERE, "..", "tests", "data", "puzzles_sample.csv"), newline="") as f:
        for row in csv.DictReader(f):
            fens.append(row["FEN"])
            if len(fens) >= args.positions:
                break
    with tempfile.NamedTemporaryFile("w", suffix=".fens", delete=False) as tmp:
        tmp.write("\n".join(fens) + "\n")
        path = tmp.name
    cmd = [cli, "analyse", "--fens", path, "--elo", str(args.elo), "--opp-elo", str(args.elo), "--clock", "180",
           "--opp-clock", "180", "--inc", "2", "--json", "--top", "3"]
    if args.model:
        cmd += ["--model", args.model]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    os.unlink(path)
    ms = [json.loads(line)["ms"] for line in out.splitlines() if line.strip()]
    ms_warm = ms[5:] if len(ms) > 10 else ms  # the first calls allocate
    ms_warm.sort()
    p50 = statistics.median(ms_warm)
    p95 = ms_warm[int(0.95 * (len(ms_warm) - 1))]
    result = {"positions": len(ms), "p50_ms": round(p50, 2), "p95_ms": round(p95, 2), "max_ms": round(ms_warm[-1], 2),
              "elo": args.elo, "target_ms": 30, "met": p95 <= 30}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"analysed {len(ms)} real positions at {args.elo} with "
              f"{'the default model' if not args.model else args.model}")
        print(f"latency per position: p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {ms_warm[-1]:.2f} ms "
              f"(target p95 <= 30 ms: {'met' if p95 <= 30 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
