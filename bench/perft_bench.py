#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Perft speed of kibitz-cli against Stockfish's `go perft`, measured in the same run.

Usage: bench/perft_bench.py [--cli PATH] [--stockfish PATH] [--repeat N]
Both engines use bulk counting at the last ply. Prints nodes/s for each and the ratio kibitz / Stockfish.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

POSITIONS = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
]


def find_stockfish(explicit):
    for cand in [explicit, shutil.which("stockfish"), "/usr/games/stockfish", "/usr/local/bin/stockfish"]:
        if cand and os.access(cand, os.X_OK):
            return cand
    sys.exit("perft_bench: Stockfish not found (install the 'stockfish' package or pass --stockfish)")


def find_cli(explicit):
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in [explicit, os.path.join(here, "..", "build", "release", "app", "cli", "kibitz-cli"),
                 shutil.which("kibitz-cli")]:
        if cand and os.access(cand, os.X_OK):
            return cand
    sys.exit("perft_bench: kibitz-cli not found (build it or pass --cli)")


def stockfish_perft(sf, fen, depth):
    p = subprocess.Popen([sf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("perft_bench: Stockfish exited unexpectedly")
            if line.startswith(prefix):
                return line

    send("uci")
    wait_for("uciok")
    send("position fen " + fen)
    send("isready")
    wait_for("readyok")
    t0 = time.perf_counter()
    send(f"go perft {depth}")
    line = wait_for("Nodes searched")
    dt = time.perf_counter() - t0
    send("quit")
    p.wait(timeout=10)
    return int(line.split(":")[1]), dt


def kibitz_perft(cli, fen, depth):
    out = subprocess.run([cli, "perft", "--fen", fen, "--depth", str(depth), "--json"], check=True,
                         capture_output=True, text=True).stdout
    obj = json.loads(out)
    return int(obj["nodes"]), float(obj["seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cli")
    ap.add_argument("--stockfish")
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs for each engine")
    args = ap.parse_args()
    sf, cli = find_stockfish(args.stockfish), find_cli(args.cli)
    print(f"kibitz-cli: {cli}\nStockfish:  {sf}\n")
    print(f"{'position':16} {'depth':>5} {'nodes':>12} {'kibitz Mn/s':>12} {'stockfish Mn/s':>15} {'ratio':>6}")
    ok = True
    for name, fen, depth, expected in POSITIONS:
        best_k = best_s = float("inf")
        for _ in range(args.repeat):
            n_k, t_k = kibitz_perft(cli, fen, depth)
            n_s, t_s = stockfish_perft(sf, fen, depth)
            if n_k != expected or n_s != expected:
                print(f"node count mismatch on {name}: kibitz {n_k}, stockfish {n_s}, published {expected}")
                ok = False
            best_k, best_s = min(best_k, t_k), min(best_s, t_s)
        ratio = best_s / best_k
        print(f"{name:16} {depth:5} {expected:12} {expected / best_k / 1e6:12.1f} {expected / best_s / 1e6:15.1f} "
              f"{ratio:6.2f}")
        ok = ok and ratio >= 0.8
    print("\ntarget: ratio >= 0.80 on both positions:", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
