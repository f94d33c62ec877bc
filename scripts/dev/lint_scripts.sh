#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks every tracked script under scripts/, bench/, tests/ and .ci/ without running it: `bash -n` and, when it is
# installed, `shellcheck -S warning` for shell scripts (.sh, .ci/run), a parse of Python ones; then that each script
# under scripts/ answers --help (its usage(): the header comment) with exit code 0. Run it after changing a script;
# it changes nothing.
#
#   scripts/dev/lint_scripts.sh [FILE...]     (default: every tracked script)
#
# Exit code 1 when a check failed, with the file named on stderr.
set -uo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

case "${1:-}" in -h | --help) usage; exit 0 ;; esac
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT" || exit 1
if [[ $# -gt 0 ]]; then
    files=("$@")
else
    mapfile -t files < <(git ls-files 'scripts/*.sh' 'scripts/*.py' 'bench/*.sh' 'bench/*.py' 'tests/*.sh' \
        'tests/*.py' .ci/run)
fi
SHELLCHECK="$(command -v shellcheck || true)"
[[ -n "$SHELLCHECK" ]] || echo "lint_scripts.sh: shellcheck is not installed; only bash -n" >&2
failed=0
fail() {
    echo "lint_scripts.sh: $1: $2" >&2
    failed=$((failed + 1))
}
for f in "${files[@]}"; do
    case "$f" in
        *.py)
            python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])' "$f" ||
                fail "$f" "Python does not parse it"
            ;;
        *)
            bash -n "$f" || fail "$f" "bash -n failed"
            if [[ -n "$SHELLCHECK" ]]; then "$SHELLCHECK" -S warning -x -P "$(dirname "$f")" "$f" || fail "$f" "shellcheck"; fi
            ;;
    esac
    # Scripts meant to be run (executable, under scripts/) print their usage for --help and exit 0.
    if [[ "$f" == scripts/* && -x "$f" ]]; then
        out="$("./$f" --help 2>&1)" || fail "$f" "--help exited non-zero"
        [[ -n "$out" ]] || fail "$f" "--help printed nothing"
    fi
done
echo "lint_scripts.sh: ${#files[@]} files, $failed failed"
[[ $failed -eq 0 ]]
