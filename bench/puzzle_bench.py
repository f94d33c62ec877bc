#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Puzzle rating speed: puzzles rated per second in a batch (`rate --csv`) and the latency of one puzzle
(`rate --fen --moves --repeat N`, p50/p95 in-process), for the GlickFormer alone and with human solve features.

Usage: bench/puzzle_bench.py [--cli PATH] [--model BUNDLE] [--human-puzzle-model PATH] [--repeat N] [--json]

Data: the real Lichess puzzles of tests/data/puzzles_sample.csv (500 rows). The model alone is the shipped
puzzle-default (or --model). The +human model is --human-puzzle-model, or else a `small+human` GlickFormer
trained for one step here (its speed does not depend on its weights). Human features are measured both
computed (empty cache; --no-feature-cache for the latency: what a new puzzle costs) and read from a warm cache.
There is no reference tool for puzzle rating; the numbers are absolute (1 torch thread, 1 BLAS thread).
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "tests", "data", "puzzles_sample.csv")


def find_cli(explicit):
    for cand in [explicit, os.path.join(HERE, "..", "build", "release", "app", "cli", "kibitz-cli"),
                 shutil.which("kibitz-cli")]:
        if cand and os.access(cand, os.X_OK):
            return cand
    sys.exit("puzzle_bench: kibitz-cli not found (build it or pass --cli)")


def run(cmd, env):
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit("puzzle_bench: %s failed:\n%s" % (" ".join(cmd), proc.stderr[-2000:]))
    return proc, time.monotonic() - start


def batch_rate(cli, model_args, tmp, env, label):
    """Rates the sample file; returns puzzles/s from the CLI's own progress (model load excluded) and wall."""
    out = os.path.join(tmp, label + ".csv")
    for leftover in (out, out + ".partial"):
        if os.path.exists(leftover):
            os.unlink(leftover)
    proc, wall = run([cli, "rate", "--csv", SAMPLE, "--out", out] + model_args, env)
    rates = re.findall(r"([\d.]+) puzzles/s", proc.stderr)
    done = re.search(r"(\d+) puzzles rated", proc.stderr)
    n = int(done.group(1)) if done else 0
    return {"puzzles": n, "puzzles_per_s": float(rates[-1]) if rates else None,
            "wall_s_with_load": round(wall, 2)}


def latency(cli, model_args, puzzles, repeat, env):
    """p50/p95 of single-puzzle predictions, per puzzle, from `rate --repeat`."""
    rows = []
    for p in puzzles:
        proc, _ = run([cli, "rate", "--fen", p["FEN"], "--moves", p["Moves"], "--repeat", str(repeat), "--json"]
                      + model_args, env)
        m = re.search(r"p50 ([\d.]+) ms\s+p95 ([\d.]+) ms\s+max ([\d.]+) ms", proc.stderr)
        if not m:
            sys.exit("puzzle_bench: no latency line in:\n" + proc.stderr)
        rows.append({"puzzle": p["PuzzleId"], "solver_moves": len(p["Moves"].split()) // 2,
                     "p50_ms": float(m.group(1)), "p95_ms": float(m.group(2)), "max_ms": float(m.group(3))})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli")
    ap.add_argument("--model", help="puzzle model without human features (default: shipped puzzle-default)")
    ap.add_argument("--human-puzzle-model", help="puzzle model with human features (default: 1-step small+human)")
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cli = find_cli(args.cli)
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    with open(SAMPLE, newline="") as f:
        sample = list(csv.DictReader(f))
    # One puzzle per solution length 1..4 (the first of each in the file).
    picks, seen = [], set()
    for row in sample:
        n = len(row["Moves"].split()) // 2
        if n not in seen and n <= 4:
            seen.add(n)
            picks.append(row)
    picks.sort(key=lambda r: len(r["Moves"].split()))

    result = {"sample_puzzles": len(sample)}
    with tempfile.TemporaryDirectory() as tmp:
        env["KIBITZ_CACHE_DIR"] = os.path.join(tmp, "cache")
        alone = ["--model", args.model] if args.model else []
        human_model = args.human_puzzle_model
        if not human_model:
            ckpt_dir = os.path.join(tmp, "small-human")
            run([cli, "train-puzzle", "--csv", SAMPLE, "--out", ckpt_dir, "--config", "small+human", "--steps", "1",
                 "--batch", "16", "--validate-every", "0", "--no-feature-cache"], env)
            human_model = os.path.join(ckpt_dir, "latest.pt")
        human = ["--model", human_model]
        result["alone"] = {"batch": batch_rate(cli, alone, tmp, env, "alone"),
                           "latency": latency(cli, alone, picks, args.repeat, env)}
        # The feature cache starts empty (fresh KIBITZ_CACHE_DIR): the first run computes every feature and
        # fills the cache, the second reads it.
        result["human_computed"] = {
            "batch": batch_rate(cli, human, tmp, env, "human"),
            "latency": latency(cli, human + ["--no-feature-cache"], picks, args.repeat, env)}
        result["human_cached"] = {"batch": batch_rate(cli, human, tmp, env, "cached")}

    if args.json:
        print(json.dumps(result))
        return
    print("puzzle rating on %d real puzzles (tests/data/puzzles_sample.csv), 1 thread" % len(sample))
    for key, name in [("alone", "GlickFormer alone"), ("human_computed", "+ human features (computed)"),
                      ("human_cached", "+ human features (cached)")]:
        b = result[key]["batch"]
        print("  %-30s batch: %7.1f puzzles/s  (%d puzzles, %.2f s wall incl. model load)"
              % (name, b["puzzles_per_s"] or 0.0, b["puzzles"], b["wall_s_with_load"]))
        for r in result[key].get("latency", []):
            print("  %-30s one puzzle (%d solver move%s): p50 %.2f ms  p95 %.2f ms" % (
                "", r["solver_moves"], "" if r["solver_moves"] == 1 else "s", r["p50_ms"], r["p95_ms"]))


if __name__ == "__main__":
    main()
