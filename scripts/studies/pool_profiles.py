#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Pools `kibitz-cli profile --json` reports by rating band and game phase, as the studies of the profile's
calibration read frequent and typical players (docs/studies/2026-12-05-ply-sampler.md): per band (by each report's
mean rating over its positions, `all.mean_elo`) and phase, the players' loss summed over the band's positions over the
peer's (1: they lose what the peer loses). Beside it the central 90% of that ratio (a) with each report's ratio drawn
from its own interval (log-normal through the interval's ends) and (b) over resamples of the band's reports, which adds
how much players differ. Plain Python.

    scripts/studies/pool_profiles.py [--bands 0,1000,1400,...] [--draws N] reports/*.json
"""
import json
import math
import random
import sys

PHASES = ('opening', 'middlegame', 'endgame')


def band_name(lows, k):
    if k == 0 and lows[0] == 0:
        return '<%d' % lows[1]
    if k + 1 == len(lows):
        return '%d and up' % lows[k]
    return '%d-%d' % (lows[k], lows[k + 1] - 1)


def cells(report):
    """(phase or 'all') -> (positions, loss, peer loss, log-ratio spread or None)."""
    out = {}
    groups = [(g['name'], g) for g in report.get('by_phase', []) if g['name'] in PHASES]
    groups.append(('all', report['all']))
    for name, g in groups:
        if not g.get('positions') or not g.get('peer_loss'):
            continue
        spread = None
        if g.get('loss_ratio_low') and g.get('loss_ratio_high'):
            spread = (math.log(g['loss_ratio_high']) - math.log(g['loss_ratio_low'])) / (2 * 1.6449)
        out[name] = (g['positions'], g['loss'] * g['positions'], g['peer_loss'] * g['positions'], spread)
    return out


def central(values):
    values = sorted(values)
    return values[int(0.05 * (len(values) - 1))], values[int(0.95 * (len(values) - 1))]


def main(argv):
    if not argv or argv[0] in ('-h', '--help'):
        print(__doc__.strip(), file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    lows, draws, paths = [0, 1000, 1400, 1700, 2000, 2400, 2800], 4000, []
    i = 0
    while i < len(argv):
        if argv[i] == '--bands' and i + 1 < len(argv):
            lows = [int(x) for x in argv[i + 1].split(',')]
            i += 2
        elif argv[i] == '--draws' and i + 1 < len(argv):
            draws = int(argv[i + 1])
            i += 2
        else:
            paths.append(argv[i])
            i += 1
    bands = {}
    for path in paths:
        with open(path, encoding='utf-8') as f:
            report = json.load(f)
        elo = report['all'].get('mean_elo') or 0
        k = max(j for j, low in enumerate(lows) if elo >= low or j == 0)
        bands.setdefault(k, []).append(cells(report))
    rng = random.Random(1)
    print('| band | players | positions | ' + ' | '.join(PHASES) + ' | all |')
    print('| --- | ---: | ---: |' + ' --- |' * (len(PHASES) + 1))
    everyone = [c for k in sorted(bands) for c in bands[k]]
    rows = [(band_name(lows, k), bands[k]) for k in sorted(bands)] + [('all %d' % len(everyone), everyone)]
    for name, reports in rows:
        figures = []
        for phase in PHASES + ('all',):
            have = [r[phase] for r in reports if phase in r]
            if not have:
                figures.append('-')
                continue
            ratio = sum(c[1] for c in have) / sum(c[2] for c in have)
            own, players = [], []
            for _ in range(draws):
                loss = peer = 0.0
                for n, l, p, s in have:
                    r = (l / p) * math.exp(rng.gauss(0.0, s)) if s and l > 0 else l / p
                    loss += r * p
                    peer += p
                own.append(loss / peer)
                pick = [have[rng.randrange(len(have))] for _ in have]
                players.append(sum(c[1] for c in pick) / sum(c[2] for c in pick))
            a, b = central(own)
            c, d = central(players)
            mark = '' if 0.9 <= ratio <= 1.1 else '*'
            figures.append('%s%.3f (%.2f-%.2f) [%.2f-%.2f]%s' % (mark, ratio, a, b, c, d, mark))
        positions = sum(r['all'][0] for r in reports if 'all' in r)
        print('| %s | %d | %s | %s |' % (name, len(reports), format(positions, ','), ' | '.join(figures)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
