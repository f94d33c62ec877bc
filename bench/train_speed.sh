#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Training samples/s of the human-move model: kibitz-train-bench (C++) against bench/train_peer.py (/usr/bin/python3
# torch, same architecture, same batches, same AdamW step), one after the other in one run, one thread each; on
# AVX-512 machines the peer runs a second time with OpenBLAS forced onto its AVX-512 kernels.
# The machine may be shared, so the ratio uses samples per CPU second (the wall figures are printed too).
#
#   bench/train_speed.sh --bench PATH/kibitz-train-bench [--config small] [--batch 256] [--steps 20]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="" CONFIG=small BATCH=256 STEPS=20
while [[ $# -gt 0 ]]; do
    case "$1" in
        --bench) BENCH="$2"; shift 2 ;;
        --config) CONFIG="$2"; shift 2 ;;
        --batch) BATCH="$2"; shift 2 ;;
        --steps) STEPS="$2"; shift 2 ;;
        *) echo "train_speed.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[[ -x "$BENCH" ]] || { echo "train_speed.sh: --bench PATH/kibitz-train-bench is required" >&2; exit 2; }
# Both sides: one BLAS thread (torch.set_num_threads does not reach OpenBLAS's own pool).
export OPENBLAS_NUM_THREADS=1
PGN="${KIBITZ_BENCH_PGN:-$ROOT/../shared/data/games/lichess_noclk_002.pgn.zst}"
DUMP="$(mktemp --suffix=.pt)"
trap 'rm -f "$DUMP"' EXIT
cpp="$("$BENCH" --pgn "$PGN" --config "$CONFIG" --batch "$BATCH" --steps "$STEPS" --threads 1 --dump "$DUMP")"
echo "$cpp"
py="$(/usr/bin/python3 "$ROOT/bench/train_peer.py" --batches "$DUMP" --config "$CONFIG" --steps "$STEPS" --threads 1)"
echo "$py"
c="$(echo "$cpp" | awk '/^samples\/s/ {print $2}')"
p="$(echo "$py" | awk '/^samples\/s/ {print $4}')"
awk -v c="$c" -v p="$p" 'BEGIN { printf "C++ / Python samples per CPU second: %.2fx (%s vs %s)\n", c / p, c, p }'
# OpenBLAS 0.3.21 (Debian 12) runs its AVX2 (Haswell) kernels on AMD CPUs with AVX-512. Kibitz's products go
# through oneDNN, which picks the widest ISA itself; for a fair second figure the peer also runs with OpenBLAS
# forced onto its AVX-512 kernels (OPENBLAS_CORETYPE), the best this Python torch can do without code changes.
core=""
if grep -qw avx512_bf16 /proc/cpuinfo; then core=Cooperlake; elif grep -qw avx512f /proc/cpuinfo; then core=SkylakeX; fi
if [[ -n "$core" ]]; then
    pyf="$(OPENBLAS_CORETYPE=$core /usr/bin/python3 "$ROOT/bench/train_peer.py" --batches "$DUMP" --config "$CONFIG" \
        --steps "$STEPS" --threads 1)"
    pf="$(echo "$pyf" | awk '/^samples\/s/ {print $4}')"
    echo "python peer with OPENBLAS_CORETYPE=$core: $pf per CPU second"
    awk -v c="$c" -v p="$pf" -v k="$core" \
        'BEGIN { printf "C++ / Python (OpenBLAS %s kernels) samples per CPU second: %.2fx (%s vs %s)\n", k, c / p, c, p }'
fi
