#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tst_ship_metrics: scripts/models/ship_metrics.py against the shipped bundles. Needs no build; Python's standard
library only.

    tests/scripts/check_ship_metrics.py [REPO_ROOT]      (default: two folders above this file)

The measurements a ship script writes are rebuilt from what the shipped bundles' manifests record, then
ship_metrics.py composes the manifest parts again, which must equal the shipped ones:
  - `human`: the human-move bundle's whole `metrics` object, from the blend's and the model's own evaluations, mate in
    one, the puzzles at their rating and the two think-time reports;
  - `puzzle-training` and `puzzle-history`: the puzzle bundle's training history (where its cool-down branch came
    from and the whole run's counters), from the two checkpoints' counters;
and bad usage and a missing input are exit code 2.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
import zipfile

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..'))
SCRIPT = os.path.join(ROOT, 'scripts', 'models', 'ship_metrics.py')


def manifest(name):
    with zipfile.ZipFile(os.path.join(ROOT, 'resources', 'models', name)) as z:
        return json.loads(z.read('manifest.json'))


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def write(folder, name, value):
    with open(os.path.join(folder, name), 'w', encoding='utf-8') as f:
        json.dump(value, f)


class ShipMetrics(unittest.TestCase):
    def test_human_metrics_rebuild_the_shipped_manifest(self):
        shipped = manifest('human-default.kibitz')['metrics']
        blend = shipped['blend']
        with tempfile.TemporaryDirectory() as out:
            # What `eval human` printed for the blend: everything the step does not add or replace. Its own
            # puzzle_solving and value are replaced, so stand-ins show that they are.
            ev_blend = {k: v for k, v in shipped.items()
                        if k not in ('blend', 'rating_sensitivity_note', 'think_time', 'think_time_without_move')}
            ev_blend['puzzle_solving'] = {'solve_rate': -1}
            ev_blend['value'] = {'brier': -1}
            write(out, 'ev-blend.json', ev_blend)
            write(out, 'ev-alone.json', dict(blend['model_alone'], value=shipped['value'], positions=1))
            write(out, 'm1-blend.json', {'puzzle_solving': {'solve_rate': blend['mate_in_one'] + 0.00004}})
            write(out, 'm1-alone.json', {'puzzle_solving': {'solve_rate': blend['mate_in_one_model_alone'] - 0.00004}})
            write(out, 'pz-blend.json', {'puzzle_solving': dict(shipped['puzzle_solving'], by_elo=[])})
            for key, name in (('think_time', 'time.json'), ('think_time_without_move', 'time-wm.json')):
                report = {k: v for k, v in shipped[key].items() if k != 'data'}
                report.update(games_skipped=3, moves_skipped=4, forced_skipped=5)
                write(out, name, report)
            result = run('human', out)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(json.loads(result.stdout), shipped)

    def test_puzzle_history_rebuilds_the_shipped_training_summary(self):
        training = manifest('puzzle-default.kibitz')['training']
        m = re.search(r'at step ([\d,]+): ([\d,]+) puzzles seen, ([\d.]+) h of training', training['fine_tuned_from'])
        self.assertIsNotNone(m, training['fine_tuned_from'])
        main = {'steps': int(m.group(1).replace(',', '')), 'samples': int(m.group(2).replace(',', '')),
                'wall_seconds': float(m.group(3)) * 3600}
        cool = {k: training[k] for k in ('steps', 'samples', 'wall_seconds')}
        with tempfile.TemporaryDirectory() as out:
            write(out, 'main-counters.json', {'training': main})
            write(out, 'cool-counters.json', {'training': cool})
            result = run('puzzle-training', out)
            self.assertEqual(result.returncode, 0, result.stderr)
            composed = json.loads(result.stdout)
        # The main run's script has moved since the shipped bundle was written; the rest is the same text.
        shipped = dict(training, fine_tuned_from=training['fine_tuned_from'].replace(
            '(scripts/train_default_puzzle.sh)', '(scripts/models/train_default_puzzle.sh)'))
        for key in ('fine_tuned_from', 'cool_down', 'whole_run'):
            self.assertEqual(composed[key], shipped[key], key)
        result = run('puzzle-history', os.path.join(ROOT, 'resources', 'models', 'puzzle-default.kibitz'))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(json.loads(result.stdout),
                         {k: training[k] for k in ('fine_tuned_from', 'cool_down', 'whole_run')})

    def test_bad_usage_and_missing_inputs_are_exit_code_2(self):
        self.assertEqual(run().returncode, 2)
        self.assertEqual(run('frobnicate', '.').returncode, 2)
        with tempfile.TemporaryDirectory() as out:
            result = run('human', out)
            self.assertEqual(result.returncode, 2)
            self.assertIn('ev-blend.json', result.stderr)
        self.assertEqual(run('--help').returncode, 0)


if __name__ == '__main__':
    unittest.main(argv=[sys.argv[0]], verbosity=2)
