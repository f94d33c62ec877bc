#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start (1): install what is missing, build the release preset and launch the kibitz GUI.
#
#   scripts/run.sh [--smoke] [-- ARGS-FOR-KIBITZ...]
#
# Without a display ($DISPLAY / $WAYLAND_DISPLAY unset) the window is opened on a virtual X server (xvfb-run).
# --smoke starts the GUI on a virtual X server, checks that it is still running after 5 seconds, saves a
# screenshot to build/release/kibitz-smoke.png when ImageMagick's `import` is available, and quits.
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SMOKE=0
ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --smoke) SMOKE=1; shift ;;
        --) shift; ARGS=("$@"); break ;;
        -h | --help) usage; exit 0 ;;
        *) ARGS+=("$1"); shift ;;
    esac
done

"$ROOT/scripts/setup.sh" release

APP="$ROOT/build/release/app/gui/kibitz"
if [[ ! -x "$APP" ]]; then
    echo "run.sh: $APP was not built" >&2
    exit 1
fi
export PATH="$PATH:/usr/games"  # Debian installs stockfish there

if [[ $SMOKE -eq 1 ]]; then
    shot="$ROOT/build/release/kibitz-smoke.png"
    # shellcheck disable=SC2016  # expanded by the inner shell
    xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
        "$0" "${@}" & pid=$!
        sleep 5
        if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; echo "run.sh: kibitz exited early" >&2; exit 1; fi
        if command -v import >/dev/null && import -version 2>/dev/null | grep -q ImageMagick; then
            import -window root "'"$shot"'" && echo "run.sh: screenshot in '"$shot"'"
        fi
        kill "$pid"; wait "$pid" 2>/dev/null || true
        echo "run.sh: kibitz started and ran for 5 s"
    ' "$APP" "${ARGS[@]}"
    exit 0
fi

if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    echo "run.sh: no display found; starting kibitz on a virtual X server (xvfb-run). Stop it with Ctrl-C."
    exec xvfb-run -a -s "-screen 0 1600x1000x24" "$APP" "${ARGS[@]}"
fi
exec "$APP" "${ARGS[@]}"
