#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The JSON steps of the ship scripts (scripts/models/ship_human_default.sh, ship_puzzle_default.sh): what goes into
a bundle's manifest, composed from the measurements the scripts wrote to OUT_DIR. Plain Python; tested by
tst_ship_metrics (tests/scripts/check_ship_metrics.py), which rebuilds the shipped bundles' manifests with it.

    scripts/models/ship_metrics.py human OUT_DIR            the human bundle's metrics (stdout, JSON) from OUT_DIR's
                                                             ev-blend, ev-alone, m1-blend, m1-alone, pz-blend, time and
                                                             time-wm JSON files
    scripts/models/ship_metrics.py puzzle-training OUT_DIR  the puzzle bundle's training history from OUT_DIR's
                                                             main-counters.json and cool-counters.json
    scripts/models/ship_metrics.py puzzle-history BUNDLE    the training history a puzzle bundle records (kept when
                                                             only its stage is refitted)
    scripts/models/ship_metrics.py puzzle-summary OUT_DIR   one line per held-out score (board15, board5, pz15, pz5)

Exit code 2 for bad usage or a missing input file.
"""
import json
import os
import sys
import zipfile

BLEND = {'fade': 2000, 'nets': 'maia-1', 'weight': 0.5}
THINK_TIME_DATA = 'held-out games (3% by Site hash) of lichess_clk_001..007: kibitz-cli eval time'
RATING_SENSITIVITY_NOTE = 'measured on the same positions with the blend before its mate rule (keepPrimaryMates)'
HISTORY_KEYS = ('fine_tuned_from', 'cool_down', 'whole_run')


def usage(out=sys.stdout):
    print(__doc__.strip(), file=out)


def load(folder, name):
    with open(os.path.join(folder, name), encoding='utf-8') as f:
        return json.load(f)


def human_metrics(folder):
    """The blend on the 1,500 held-out games, the model alone, mate in one, puzzles, the think-time head."""
    metrics = load(folder, 'ev-blend.json')
    alone = load(folder, 'ev-alone.json')
    metrics['blend'] = dict(BLEND)
    metrics['blend']['mate_in_one'] = round(load(folder, 'm1-blend.json')['puzzle_solving']['solve_rate'], 3)
    metrics['blend']['mate_in_one_model_alone'] = round(load(folder, 'm1-alone.json')['puzzle_solving']['solve_rate'],
                                                        3)
    metrics['blend']['model_alone'] = {k: alone[k] for k in ('nll', 'top1', 'top3')}
    solving = load(folder, 'pz-blend.json')['puzzle_solving']
    metrics['puzzle_solving'] = {k: solving[k] for k in ('puzzles', 'solve_rate', 'advancement')}
    metrics['value'] = alone.get('value', metrics.get('value'))
    metrics['rating_sensitivity_note'] = RATING_SENSITIVITY_NOTE
    for key, name in (('think_time', 'time.json'), ('think_time_without_move', 'time-wm.json')):
        report = load(folder, name)
        for skipped in ('games_skipped', 'moves_skipped', 'forced_skipped'):
            report.pop(skipped, None)
        report['data'] = THINK_TIME_DATA
        metrics[key] = report
    return metrics


def puzzle_training(folder):
    """Where the cool-down branch came from and the whole run's counters (the checkpoints' own)."""
    main = load(folder, 'main-counters.json')['training']
    cool = load(folder, 'cool-counters.json')['training']
    return {
        'fine_tuned_from': 'the GlickFormer main run (scripts/models/train_default_puzzle.sh) at step {:,}: {:,} '
                           'puzzles seen, {:.2f} h of training on one CPU thread, AdamW on its 60,000-step cosine '
                           '(peak lr 5e-4)'.format(main['steps'], main['samples'], main['wall_seconds'] / 3600),
        'cool_down': '{} steps x 128 puzzles from that checkpoint (kibitz-cli train-puzzle --init, lr 1e-4, data seed '
                     '7): the steps, puzzles and wall time counted above'.format(cool['steps']),
        'whole_run': '{:,} steps, {:,} puzzles seen, {:.2f} h of training on one CPU thread'.format(
            main['steps'] + cool['steps'], main['samples'] + cool['samples'],
            (main['wall_seconds'] + cool['wall_seconds']) / 3600),
    }


def puzzle_history(bundle):
    """The history keys of a puzzle bundle's training summary."""
    with zipfile.ZipFile(bundle) as z:
        training = json.loads(z.read('manifest.json'))['training']
    return {k: training[k] for k in HISTORY_KEYS if k in training}


def puzzle_summary(folder):
    lines = []
    for name in ('board15', 'board5', 'pz15', 'pz5'):
        d = load(folder, name + '.json')
        lines.append('{:8s} puzzles {:5d}  MAE {:6.1f}  RMSE {:6.1f}  within 3 RD {}'.format(
            name, d['puzzles'], d['mae'], d['rmse'], d.get('within_rd', {}).get('3')))
    return '\n'.join(lines)


def main(argv):
    if len(argv) == 1 and argv[0] in ('-h', '--help'):
        usage()
        return 0
    commands = {'human': human_metrics, 'puzzle-training': puzzle_training, 'puzzle-history': puzzle_history,
                'puzzle-summary': puzzle_summary}
    if len(argv) != 2 or argv[0] not in commands:
        usage(sys.stderr)
        return 2
    try:
        result = commands[argv[0]](argv[1])
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as e:
        print(f'ship_metrics.py {argv[0]}: {argv[1]}: {e}', file=sys.stderr)
        return 2
    print(result if isinstance(result, str) else json.dumps(result))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
