#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Batch rating with the puzzle model's engine stage: puzzles rated per second by `rate --csv`
with the stage's features computed (Stockfish's engine features and the human-move model's solve features, empty
caches) for 1 and 2 engines, read from the warm caches, with only the human features computed (engine features
cached: the stage asks for the 4 rating levels it reads), and with the GlickFormer alone (--no-engine) on the same
file; beside them `puzzle-features --no-engine`, which computes the human features at all 11 levels (what the stage
computed before it asked for 4); one custom puzzle at a time with empty caches (the GUI panel's latency: every
feature computed, the nine Maia-1 nets' included); then whether a killed run, resumed, writes exactly what an
uninterrupted run writes.

Usage: bench/puzzle_engine_bench.py [--cli PATH] [--model BUNDLE] [--csv FILE] [--max N] [--jobs 1,2]
                                    [--kill-after S] [--single N] [--json]

Data: the first --max puzzles (default 500) of --csv (default: the real Lichess puzzles of
tests/data/puzzles_sample.csv; use ../shared/data/puzzles/<file> with --max 10000 for the issue's file). The model is
the shipped puzzle-default (or --model), which must have an engine stage. There is no reference tool for puzzle
rating; the numbers are absolute. Engines run one thread each; the machine's other load shows in the rates.
"""
import argparse
import csv
import filecmp
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "tests", "data", "puzzles_sample.csv")


def find_cli(explicit):
    for cand in [explicit, os.path.join(HERE, "..", "build", "release", "app", "cli", "kibitz-cli"),
                 os.path.join(HERE, "..", "build", "ci", "app", "cli", "kibitz-cli"), shutil.which("kibitz-cli")]:
        if cand and os.access(cand, os.X_OK):
            return cand
    sys.exit("puzzle_engine_bench: kibitz-cli not found (build it or pass --cli)")


def head_csv(src, dst, n):
    """The header and the first n rows of a Lichess puzzle CSV (plain .csv)."""
    with open(src, newline="") as f, open(dst, "w", newline="") as out:
        rows = csv.reader(f)
        w = csv.writer(out, lineterminator="\n")
        w.writerow(next(rows))
        for i, row in enumerate(rows):
            if i >= n:
                break
            w.writerow(row)


def rate(cli, args, env, kill_after=None):
    """Runs `rate`; returns (puzzles/s of the CLI's last progress line, wall seconds, exit code)."""
    start = time.monotonic()
    proc = subprocess.Popen([cli, "rate"] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=kill_after)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the CLI and its engines, as a crash would
        out, err = proc.communicate()
    wall = time.monotonic() - start
    rates = re.findall(r"([\d.]+) puzzles/s", err)
    resumed = re.search(r"resuming: (\d+) rows", err)
    if proc.returncode not in (0, -signal.SIGKILL):
        sys.exit("puzzle_engine_bench: rate %s failed:\n%s" % (" ".join(args), err[-2000:]))
    return (float(rates[-1]) if rates else None), wall, proc.returncode, int(resumed.group(1)) if resumed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli")
    ap.add_argument("--model")
    ap.add_argument("--csv", default=SAMPLE)
    ap.add_argument("--max", type=int, default=500)
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--kill-after", type=float, default=20.0, help="seconds before the resume check's kill")
    ap.add_argument("--single", type=int, default=20, help="custom puzzles rated one by one, caches empty")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cli = find_cli(args.cli)
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    env["PATH"] = env.get("PATH", "") + ":/usr/games"
    model = ["--model", args.model] if args.model else []
    result = {"puzzles": None, "runs": []}
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "puzzles.csv")
        head_csv(args.csv, data, args.max)
        with open(data) as f:
            result["puzzles"] = sum(1 for _ in f) - 1
        out = os.path.join(tmp, "out.csv")

        def run(label, extra, human_cache, kill_after=None, keep=False):
            """`human_cache`: the directory of the human solve-feature cache (KIBITZ_CACHE_DIR): a new one computes
            them, one a run filled reads them."""
            if not keep:
                for p in (out, out + ".partial"):
                    if os.path.exists(p):
                        os.unlink(p)
            # Batches of 16 puzzles: the output is synced after each, so a kill loses at most one batch.
            rate_s, wall, code, resumed = rate(cli, ["--csv", data, "--out", out, "--batch", "16"] + model + extra,
                                               dict(env, KIBITZ_CACHE_DIR=os.path.join(tmp, human_cache)), kill_after)
            result["runs"].append({"run": label, "puzzles_per_s": rate_s, "wall_s": round(wall, 1)})
            return code, resumed

        run("GlickFormer alone (--no-engine)", ["--no-engine"], "human-none")
        caches = []
        for j in [int(x) for x in args.jobs.split(",")]:
            cache = os.path.join(tmp, "cache-%d.bin" % j)
            caches.append(cache)
            run("engine stage, %d engine(s), features computed" % j,
                ["--engine-cache", cache, "--engine-jobs", str(j)], "human-%d" % j)
        straight = os.path.join(tmp, "straight.csv")
        shutil.copy(out, straight)
        run("engine stage, features from the caches", ["--engine-cache", caches[0]], "human-%s" % args.jobs.split(",")[0])
        run("human (4 levels) and Maia-1 features computed, engine cached", ["--engine-cache", caches[0]], "human-only")
        # The same human features at all 11 levels (the study command), timed by its wall clock.
        start = time.monotonic()
        proc = subprocess.run([cli, "puzzle-features", "--csv", data, "--no-engine", "--human-model",
                               "default", "--csv-out", os.path.join(tmp, "all-levels.csv")],
                              capture_output=True, text=True, env=dict(env, KIBITZ_CACHE_DIR=os.path.join(tmp, "h11")))
        if proc.returncode != 0:
            sys.exit("puzzle_engine_bench: puzzle-features failed:\n%s" % proc.stderr[-2000:])
        wall = time.monotonic() - start
        result["runs"].append({"run": "human features alone, all 11 levels (puzzle-features)",
                               "puzzles_per_s": round(result["puzzles"] / wall, 1), "wall_s": round(wall, 1)})
        # One custom puzzle, as the GUI's panel rates it: `rate --fen --moves` with empty caches, so every feature
        # (Stockfish's, the human model's at 4 levels, the nine Maia-1 nets') is computed; the CLI's "rated in N ms"
        # is the panel's number (model loading excluded).
        singles = []
        with open(data, newline="") as f:
            for i, row in enumerate(csv.DictReader(f)):
                if i >= args.single:
                    break
                fresh = os.path.join(tmp, "single-%d" % i)
                proc = subprocess.run([cli, "rate", "--fen", row["FEN"], "--moves", row["Moves"],
                                       "--engine-cache", os.path.join(fresh, "engine.bin")] + model,
                                      capture_output=True, text=True, env=dict(env, KIBITZ_CACHE_DIR=fresh))
                took = re.search(r"rated in (\d+) ms", proc.stdout)
                if proc.returncode != 0 or not took:
                    sys.exit("puzzle_engine_bench: rate --fen failed:\n%s" % (proc.stderr[-2000:]))
                singles.append(int(took.group(1)))
        singles.sort()
        result["single"] = {"puzzles": len(singles), "median_ms": singles[len(singles) // 2], "max_ms": singles[-1],
                            "maia": "(Maia-1 nets)" in proc.stdout}
        # The resume check: fresh caches, killed mid-run (SIGKILL to the process group), then run again.
        # With the most engines of --jobs: the same check, sooner on a big file.
        cache = os.path.join(tmp, "cache-resume.bin")
        most = str(max(int(x) for x in args.jobs.split(",")))
        code, _ = run("killed after %.0f s" % args.kill_after, ["--engine-cache", cache, "--engine-jobs", most],
                      "human-resume", args.kill_after)
        killed = code != 0
        _, resumed = run("resumed", ["--engine-cache", cache, "--engine-jobs", most], "human-resume", keep=True)
        result["resume"] = {"killed": killed, "rows_kept_from_the_killed_run": resumed,
                            "identical_to_uninterrupted": filecmp.cmp(out, straight, shallow=False)}

    if args.json:
        print(json.dumps(result))
        return
    print("rate --csv with the engine stage on %d real puzzles (%s)" % (result["puzzles"], os.path.basename(args.csv)))
    for r in result["runs"]:
        rs = "%.1f puzzles/s" % r["puzzles_per_s"] if r["puzzles_per_s"] is not None else "-"
        print("  %-48s %16s   wall %.1f s" % (r["run"], rs, r["wall_s"]))
    one = result["single"]
    print("  one custom puzzle (rate --fen --moves, caches empty%s): median %d ms, max %d ms over %d puzzles"
          % (", with the Maia-1 curve" if one["maia"] else "", one["median_ms"], one["max_ms"], one["puzzles"]))
    res = result["resume"]
    print("  killed mid-run: %s (%d rows kept); resumed output identical to an uninterrupted run: %s"
          % ("yes" if res["killed"] else "no (finished first)", res["rows_kept_from_the_killed_run"],
             "yes" if res["identical_to_uninterrupted"] else "NO"))


if __name__ == "__main__":
    main()
