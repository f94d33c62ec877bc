#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the puzzle engine features add to a puzzle model's prediction
(docs/studies/2026-11-29-puzzle-engine-stage.md): a ridge fit of the true rating on [1, prediction / 1000, feature
group], fitted on the training-split rows and scored on the held-out rows (or 5-fold cross-validated when there are
only held-out rows), with the paired standard error of the gain; then each feature's correlation with the rating and
with the prediction's residual. Plain Python.

    kibitz-cli puzzle-features --csv DATA --cache C --split train --every 60 --max 6000 --csv-out train.csv
    kibitz-cli puzzle-features --csv DATA --cache C --split held-out --every 15 --max 2000 --csv-out held.csv
    kibitz-cli rate --csv <those puzzles> --out pred.csv      (the model's predictions, PuzzleId column)
    scripts/studies/puzzle_engine_feature_study.py train.csv pred.csv held.csv

Arguments: FEATURES.csv PREDICTIONS.csv[:MORE.csv] [MORE_FEATURES.csv]
"""
import csv, sys, math


def usage(out=sys.stdout):
    print(__doc__.strip(), file=out)


if len(sys.argv) > 1 and sys.argv[1] in ('-h', '--help'):
    usage()
    sys.exit(0)
if len(sys.argv) < 3:
    usage(sys.stderr)
    sys.exit(2)
feats = {r['PuzzleId']: r for r in csv.DictReader(open(sys.argv[1]))}
if len(sys.argv) > 3:
    feats.update({r['PuzzleId']: r for r in csv.DictReader(open(sys.argv[3]))})
pred = {}
for path in sys.argv[2].split(':'):
    pred.update({r['PuzzleId']: r for r in csv.DictReader(open(path))})
names = ["first_gap","first_keepers","first_is_best","first_stable_depth","first_quiet","first_check","first_sacrifice",
         "min_gap","mean_keepers","quiet_share","any_sacrifice","not_best_share","solver_moves","first_score"]
groups = {"gap+keepers":[0,1,7,8], "best+depth":[2,3,11], "move type":[4,5,6,9,10], "score+length":[12,13]}
ids = sorted(i for i in feats if i in pred)
y = [float(feats[i]['Rating']) for i in ids]
p = [float(pred[i]['PredictedRating']) for i in ids]
F = [[float(feats[i][n]) for n in names] for i in ids]
split = [feats[i]['Split'] for i in ids]
n = len(ids)
def solve(A, b):
    m = len(b); M = [row[:] + [b[r]] for r, row in enumerate(A)]
    for c in range(m):
        piv = max(range(c, m), key=lambda r: abs(M[r][c])); M[c], M[piv] = M[piv], M[c]
        for r in range(m):
            if r != c and M[c][c] != 0:
                f = M[r][c] / M[c][c]
                for k in range(c, m + 1): M[r][k] -= f * M[c][k]
    return [M[r][m] / M[r][r] for r in range(m)]
def row(i, cols): return [1.0, p[i] / 1000.0] + [F[i][c] for c in cols]
def fit(train, cols, lam=1e-4):
    d = 2 + len(cols); A = [[0.0]*d for _ in range(d)]; b = [0.0]*d
    for i in train:
        x = row(i, cols)
        for a in range(d):
            b[a] += x[a] * y[i]
            for c in range(d): A[a][c] += x[a] * x[c]
    for a in range(1, d): A[a][a] += lam * len(train)
    return solve(A, b)
def errors(cols):
    if 'train' in split:
        tr = [i for i in range(n) if split[i] == 'train']; te = [i for i in range(n) if split[i] != 'train']
        w = fit(tr, cols); return {i: abs(sum(a*b for a, b in zip(w, row(i, cols))) - y[i]) for i in te}
    out = {}
    for k in range(5):
        tr = [i for i in range(n) if i % 5 != k]; w = fit(tr, cols)
        for i in range(n):
            if i % 5 == k: out[i] = abs(sum(a*b for a, b in zip(w, row(i, cols))) - y[i])
    return out
base = errors([]); te = sorted(base)
mean = lambda v: sum(v) / len(v)
print(f"evaluated on {len(te)} puzzles ({'held-out, fitted on train' if 'train' in split else '5-fold CV'}); shipped model MAE {mean([abs(p[i]-y[i]) for i in te]):.1f}")
print(f"recalibrated prediction only: {mean([base[i] for i in te]):.1f}")
def report(label, cols):
    e = errors(cols); d = [base[i] - e[i] for i in te]; md = mean(d)
    se = math.sqrt(sum((x - md) ** 2 for x in d) / (len(d) - 1) / len(d))
    print(f"+ {label:26s} {mean([e[i] for i in te]):.1f}  gain {md:+.1f} ± {se:.1f}")
allc = sorted(sum(groups.values(), []))
for g, cols in groups.items(): report(g, cols)
for g, cols in groups.items(): report("all but " + g, [c for c in allc if c not in cols])
report("all", allc)
r = [y[i] - p[i] for i in range(n)]
def corr(a, b):
    ma, mb = mean(a), mean(b); va = sum((x-ma)**2 for x in a); vb = sum((x-mb)**2 for x in b)
    return sum((x-ma)*(z-mb) for x, z in zip(a, b)) / math.sqrt(va*vb) if va > 0 and vb > 0 else 0
for c, nm in enumerate(names):
    col = [F[i][c] for i in range(n)]
    print(f"  {nm:18s} mean {mean(col):.2f}  corr with residual {corr(col, r):+.3f}  with rating {corr(col, y):+.3f}")
