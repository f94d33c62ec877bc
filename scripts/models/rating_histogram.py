#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts the players (both colours) of the training split's games in 100-point rating cells centred on 600, 700,
..., 3200 (the end cells hold everything beyond them): the table behind evaluation::populationLogPrior, guess-elo's
prior. Reads the .pgn.zst files directly in the folder (as kibitz-cli train --pgn FOLDER does) and leaves out the
games that training::isHeldOut holds out (FNV-1a 64 of "kibitz-holdout-v1:" + Site, 30 per mille).
With --pairs it counts the games instead, by the cells of their two ratings, symmetrised (a game rated (a, b) counts
once in (a, b) and once in (b, a)), and prints the upper triangle row by row (cells (i, j), j >= i, for i = 0..26):
the table behind evaluation::populationPairLogPrior, guess-elo's prior when it estimates both players together.

    scripts/models/rating_histogram.py [--pairs] [GAMES_DIR]      (default: ../shared/data/games)
"""
import glob
import os
import re
import subprocess
import sys

TAG = re.compile(r'\[(\w+) "(.*)"\]')


def fnv1a64(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def usage(out=sys.stdout):
    print(__doc__.strip(), file=out)


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = sys.argv[1:]
    if '-h' in args or '--help' in args:
        usage()
        return
    pairs = '--pairs' in args
    args = [a for a in args if a != '--pairs']
    games = args[0] if args else os.path.join(root, '..', 'shared', 'data', 'games')
    files = sorted(glob.glob(os.path.join(games, '*.pgn.zst')))
    if not files:
        sys.exit(f'rating_histogram.py: no .pgn.zst files in {games}')
    cells = [0] * 27
    pair_cells = [[0] * 27 for _ in range(27)]
    players = held_out = 0
    for path in files:
        with subprocess.Popen(['zstdcat', path], stdout=subprocess.PIPE, text=True, errors='replace') as p:
            tags = {}
            for line in p.stdout:
                if line.startswith('['):
                    m = TAG.match(line)
                    if m:
                        tags[m.group(1)] = m.group(2)
                    continue
                if not line.strip() or not tags:
                    continue
                site = tags.get('Site', '')  # the C++ rule falls back to names and dates; every game here has a Site
                tags, game = {}, tags
                if not site or site == '?':
                    continue
                if fnv1a64('kibitz-holdout-v1:' + site) % 1000 < 30:
                    held_out += 1
                    continue
                found = []
                for key in ('WhiteElo', 'BlackElo'):
                    value = game.get(key, '')
                    if value.isdigit():
                        cells[min(26, max(0, (int(value) - 550) // 100))] += 1
                        found.append(min(26, max(0, (int(value) - 550) // 100)))
                        players += 1
                if len(found) == 2:
                    pair_cells[found[0]][found[1]] += 1
                    pair_cells[found[1]][found[0]] += 1
    print(f'# {players} player-games of the training split, {held_out} games held out', file=sys.stderr)
    if pairs:
        print(f'# {sum(map(sum, pair_cells)) // 2} games with both ratings', file=sys.stderr)
        print(',\n'.join(', '.join(str(pair_cells[i][j]) for j in range(i, 27)) for i in range(27)))
    else:
        print(', '.join(map(str, cells)))


if __name__ == '__main__':
    main()
