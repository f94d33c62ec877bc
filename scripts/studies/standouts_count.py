#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How often profiles name groups where a player stands out (docs/studies/2026-12-05-profile-standouts.md): reads
`kibitz-cli profile --json` reports and prints, per report, the groups weighed and those named (Holm's rule, the
report's "standouts"), then beside it the groups whose 90% interval alone lies wholly off 1 (the same groups, each
read on its own: the kinds of position, which the standouts leave out, counted apart). Last, how many reports name
anything either way, by which breakdown, and each kind's ratio pooled over the reports. Plain Python.

    scripts/studies/standouts_count.py reports/*.json
"""
import collections
import json
import sys

SECTIONS = [('by_phase', 'phase', None), ('by_clock', 'clock', None), ('by_speed', 'speed', None),
            ('by_opening', 'opening', 'other openings'), ('by_variation', 'variation', 'other variations'),
            ('by_period', 'period', 'no date')]


def main(paths):
    if not paths or paths[0] in ('-h', '--help'):
        print(__doc__.strip(), file=sys.stdout if paths else sys.stderr)
        return 0 if paths else 2
    named_any = alone_any = 0
    by_section = collections.Counter()
    alone_by_section = collections.Counter()
    kinds = collections.defaultdict(lambda: [0.0, 0.0, 0, 0])  # loss, peer loss, reports, intervals off 1
    print('%-22s %6s %6s %6s %6s  %s' % ('report', 'groups', 'named', 'alone', 'kinds', 'named groups'))
    for path in paths:
        with open(path, encoding='utf-8') as f:
            report = json.load(f)
        standouts = report['standouts']
        named = standouts['worse'] + standouts['better']
        alone = 0
        for key, section, pooled in SECTIONS:
            for g in report.get(key, []):
                if g.get('loss_ratio_p') is None or g['name'] == pooled:
                    continue
                if g['loss_ratio_low'] > 1.0 or g['loss_ratio_high'] < 1.0:
                    alone += 1
                    alone_by_section[section] += 1
        kinds_off = 0
        for g in report.get('by_kind', []):
            if g.get('loss_ratio_p') is None:
                continue
            k = kinds[g['name']]
            k[0] += g['loss'] * g['positions']
            k[1] += g['peer_loss'] * g['positions']
            k[2] += 1
            off = g['loss_ratio_low'] > 1.0 or g['loss_ratio_high'] < 1.0
            k[3] += off
            kinds_off += off
        for x in named:
            by_section[x['section']] += 1
        named_any += bool(named)
        alone_any += bool(alone)
        print('%-22s %6d %6d %6d %6d  %s' % (report['player'], standouts['groups'], len(named), alone, kinds_off,
                                         '; '.join('%s (%s) %.2f p %.2g' % (x['name'], x['section'], x['loss_ratio'],
                                                                             x['p']) for x in named)))
    print('reports naming a group: %d of %d (Holm at %.0f%%); with an interval alone off 1: %d of %d'
          % (named_any, len(paths), 100 * report['standouts']['level'], alone_any, len(paths)))
    print('named by breakdown: %s' % (dict(by_section) or '-'))
    print('intervals alone off 1 by breakdown: %s' % dict(alone_by_section))
    for name, (loss, peer, reports, off) in sorted(kinds.items()):
        print('kind %-16s pooled ratio %.2f over %d reports; intervals wholly off 1 in %d' % (name, loss / peer, reports,
                                                                                          off))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
