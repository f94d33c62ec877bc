#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Formats every tracked C++ file with clang-format-14 and the checked-in .clang-format.
#
#   scripts/format.sh            rewrite the files in place
#   scripts/format.sh --check    change nothing; list the files that differ and fail if there are any
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CLANG_FORMAT="${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format)}"
if [[ -d .git ]] || git rev-parse --git-dir >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.h' '*.cpp')
else
    mapfile -t files < <(find app core ui tests bench -name '*.h' -o -name '*.cpp' 2>/dev/null | sort)
fi
if [[ ${#files[@]} -eq 0 ]]; then
    echo "format: no C++ files"
    exit 0
fi
case "${1:-}" in
    -h | --help) usage; exit 0 ;;
    "" | --check) ;;
    *) echo "format.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
esac
if [[ "${1:-}" == "--check" ]]; then
    bad=()
    for f in "${files[@]}"; do
        "$CLANG_FORMAT" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
    done
    if [[ ${#bad[@]} -gt 0 ]]; then
        echo "format: ${#bad[@]} of ${#files[@]} files differ from .clang-format (fix: scripts/format.sh):" >&2
        printf '  %s\n' "${bad[@]}" >&2
        "$CLANG_FORMAT" --dry-run -Werror "${bad[0]}" 2>&1 | head -n 20 >&2
        exit 1
    fi
    echo "format: ${#files[@]} files match .clang-format"
else
    "$CLANG_FORMAT" -i "${files[@]}"
    echo "format: formatted ${#files[@]} files"
fi
