#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Typical players of a rating band, made of many real ones (docs/studies/2026-12-05-profile-standouts.md): from the
held-out games of Lichess PGN files (the rule of the model's validation split: FNV-1a 64 of "kibitz-holdout-v1:" and
the Site tag, modulo 1000, below 30), the games where one side's rating is in a band are shuffled (seeded) and dealt
out, GAMES at a time, to PLAYERS made-up accounts named "typical-LOW-K": in each game that side is renamed, so
`kibitz-cli profile --player typical-LOW-K` profiles 40 different real players of the band as if they were one. Such
a player is, by construction, what the profile's peer baseline is fitted to be: a typical player of the band. Each
game lends one side only. Plain Python; the PGN goes to standard output.

    scripts/studies/typical_players.py --bands 1000,1400,1700,2000,2400 --players 6 --games 40 \\
        lichess_*.pgn.zst > typical.pgn
    kibitz-cli profile --pgn typical.pgn --player typical-1000-1 --no-rating --cache scores.tsv --json

Options: --bands LOW,... (each band runs from LOW to the next LOW, the last 400 points), --players N (per band),
--games N (per player), --seed N.
"""
import random
import subprocess
import sys


def usage(out=sys.stdout):
    print(__doc__.strip(), file=out)


def fnv1a64(text):
    h = 0xcbf29ce484222325
    for byte in text.encode():
        h ^= byte
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def held_out(site):
    return fnv1a64("kibitz-holdout-v1:" + site) % 1000 < 30


def games_of(path):
    """The games of one PGN file (.pgn or .pgn.zst) as (tags, text)."""
    if path.endswith('.zst'):
        text = subprocess.run(['zstdcat', path], check=True, capture_output=True).stdout.decode('utf-8', 'replace')
    else:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
    for chunk in ('\n' + text).split('\n[Event ')[1:]:
        game = '[Event ' + chunk.strip() + '\n'
        tags = {}
        for line in game.splitlines():
            if not line.startswith('['):
                break
            name, _, rest = line[1:].partition(' ')
            tags[name] = rest.rstrip(']').strip('"')
        yield tags, game


def rename(game, side, name):
    old = '[%s "' % side
    lines = game.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(old):
            lines[i] = '%s%s"]' % (old, name)
            break
    return '\n'.join(lines) + '\n'


def main(argv):
    if any(a in ('-h', '--help') for a in argv):
        usage()
        return 0
    options = {'--bands': '1000,1400,1700,2000,2400', '--players': '6', '--games': '40', '--seed': '1'}
    files = []
    i = 0
    while i < len(argv):
        if argv[i] in options and i + 1 < len(argv):
            options[argv[i]] = argv[i + 1]
            i += 2
        elif argv[i].startswith('--'):
            usage(sys.stderr)
            return 2
        else:
            files.append(argv[i])
            i += 1
    if not files:
        usage(sys.stderr)
        return 2
    lows = [int(x) for x in options['--bands'].split(',')]
    players, per_player = int(options['--players']), int(options['--games'])
    bands = [(low, lows[k + 1] if k + 1 < len(lows) else low + 400) for k, low in enumerate(lows)]
    sides = {band: [] for band in bands}  # band -> [(game, side)]
    for path in files:
        for tags, game in games_of(path):
            if not held_out(tags.get('Site', '')):
                continue
            for side in ('White', 'Black'):
                try:
                    elo = int(tags.get(side + 'Elo', ''))
                except ValueError:
                    continue
                for band in bands:
                    if band[0] <= elo < band[1]:
                        sides[band].append((game, side))
    rng = random.Random(int(options['--seed']))
    for band in bands:
        pool = sides[band]
        rng.shuffle(pool)
        used = set()
        dealt = 0
        for k in range(1, players + 1):
            name = 'typical-%d-%d' % (band[0], k)
            count = 0
            while count < per_player and dealt < len(pool):
                game, side = pool[dealt]
                dealt += 1
                if id(game) in used:
                    continue
                used.add(id(game))
                sys.stdout.write(rename(game, side, name) + '\n')
                count += 1
            print('%s: %d games' % (name, count), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
