#!/usr/bin/env bash
# shellcheck disable=SC2317  # the check functions are called indirectly through check()
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package and checks it as a user gets it:
#   build     preset `package` (scripts/setup.sh --no-deps package): Release with ci's compile flags, so ccache
#             reuses the objects of the ci stage; models installed to share/kibitz/models instead of compiled in;
#             man pages from --help (help2man); no tests. Then cpack -G DEB in build/package.
#   lint      lintian on the .deb: fails on any error or warning (the info tags it shows are listed in
#             docs/dev/building.md)
#   metadata  appstreamcli validate --strict (no network) on packaging/org.kibitz.Kibitz.metainfo.xml,
#             desktop-file-validate on packaging/org.kibitz.Kibitz.desktop
#   install   dpkg -x into a scratch root outside the checkout, then there: no file names the checkout; each default
#             model is in the package once; appstreamcli validate-tree; usr/bin/kibitz-cli --version; kibitz
#             --version without a display; a one-position analyse (handed to ../libexec/kibitz/kibitz-cli-models),
#             which must take its model from the scratch root's usr/share/kibitz/models: it fails once they are
#             moved away, and works with the checkout hidden (a private mount namespace, where unshare may).
#
#   scripts/package_check.sh [--no-build] [--keep]
#
# --no-build packages build/package as it is; --keep leaves the scratch root (its path is printed).
# Ends with "package: N passed, M failed" and exits 1 if a check failed.
set -uo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build/package"
BUILD=1
KEEP=0
for arg in "$@"; do
    case "$arg" in
        --no-build) BUILD=0 ;;
        --keep) KEEP=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "package_check.sh: unknown argument $arg" >&2; usage >&2; exit 2 ;;
    esac
done

START_FEN="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
PASSED=0
FAILED=0
finish() {
    echo "package: $PASSED passed, $FAILED failed"
    [[ $FAILED -eq 0 ]]
    exit $?
}
# check WHAT COMMAND...: runs COMMAND and counts it.
check() {
    local what="$1"
    shift
    if "$@"; then
        echo "package: ok    $what"
        PASSED=$((PASSED + 1))
    else
        echo "package: FAIL  $what" >&2
        FAILED=$((FAILED + 1))
    fi
}

# --- build and package -------------------------------------------------------------------------------------------
if [[ $BUILD -eq 1 ]]; then
    mkdir -p "$ROOT/build"
    if ! "$ROOT/scripts/setup.sh" --no-deps package; then
        FAILED=$((FAILED + 1))
        finish
    fi
fi
rm -f "$BUILD_DIR"/kibitz_*.deb
if ! (cd "$BUILD_DIR" && cpack -G DEB >"$BUILD_DIR/cpack.log" 2>&1); then
    cat "$BUILD_DIR/cpack.log" >&2
    echo "package: cpack -G DEB failed in $BUILD_DIR" >&2
    FAILED=$((FAILED + 1))
    finish
fi
DEB="$(ls "$BUILD_DIR"/kibitz_*.deb)"
echo "package: $DEB: $(stat -c %s "$DEB") bytes, installed size $(dpkg-deb -f "$DEB" Installed-Size) KiB"

# --- lint and metadata ------------------------------------------------------------------------------------------
lint() {
    # Info tags are shown (-I) but do not fail; errors and warnings do. lintian warns when run as root (CI).
    lintian --display-info --fail-on error,warning "$DEB" 2>&1 | grep -v '^running with root privileges'
    return "${PIPESTATUS[0]}"
}
check "lintian: no errors, no warnings" lint
check "appstreamcli validate (metainfo)" \
    appstreamcli validate --no-net --strict "$ROOT/packaging/org.kibitz.Kibitz.metainfo.xml"
check "desktop-file-validate (desktop entry)" desktop-file-validate "$ROOT/packaging/org.kibitz.Kibitz.desktop"

# --- install into a scratch root ---------------------------------------------------------------------------------
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/kibitz-package.XXXXXX")"
if [[ $KEEP -eq 0 ]]; then
    trap 'rm -rf "$SCRATCH"' EXIT
fi
if [[ "$SCRATCH" == "$ROOT"/* ]]; then
    echo "package: the scratch root $SCRATCH is inside the checkout; set TMPDIR elsewhere" >&2
    FAILED=$((FAILED + 1))
    finish
fi
if ! dpkg -x "$DEB" "$SCRATCH"; then
    FAILED=$((FAILED + 1))
    finish
fi
echo "package: unpacked into $SCRATCH"
BIN="$SCRATCH/usr/bin"

no_build_paths() {
    local hits
    hits="$(grep -rlF -e "$ROOT/" "$SCRATCH")"
    [[ -z "$hits" ]] || { echo "names the checkout: $hits" >&2; return 1; }
}
check "no file names the checkout ($ROOT)" no_build_paths

# A 64-byte sample from the middle of each model must be in exactly one file of the package: the one in
# usr/share/kibitz/models, not also compiled into a program.
models_once() {
    python3 - "$ROOT/resources/models" "$SCRATCH" <<'EOF'
import os, sys
models, root = sys.argv[1], sys.argv[2]
files = [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs]
ok = True
for name in sorted(os.listdir(models)):
    if not name.endswith(".kibitz"):
        continue
    data = open(os.path.join(models, name), "rb").read()
    sample = data[len(data) // 2:len(data) // 2 + 64]
    holders = [os.path.relpath(f, root) for f in files if not os.path.islink(f) and sample in open(f, "rb").read()]
    print(f"  {name}: in {', '.join(holders) or 'no file'}")
    ok = ok and holders == [f"usr/share/kibitz/models/{name}"]
sys.exit(0 if ok else 1)
EOF
}
check "each default model installed once, in usr/share/kibitz/models" models_once
check "appstreamcli validate-tree (metainfo, desktop entry, icon as installed)" \
    appstreamcli validate-tree --no-net --strict "$SCRATCH"

# The installed programs run from / with a bare environment: no variable points at a model or at the checkout.
run_installed() {
    (cd / && env -i PATH=/usr/bin:/bin HOME="$SCRATCH/home" "$@")
}
version() {
    local out
    out="$(run_installed "$BIN/kibitz-cli" --version)" && echo "  $out" && [[ "$out" == kibitz-cli\ * ]]
}
check "usr/bin/kibitz-cli --version" version
gui_version() {
    local out
    out="$(run_installed "$BIN/kibitz" --version 2>&1)" && echo "  $out" && [[ "$out" == Kibitz\ * ]]
}
check "usr/bin/kibitz --version without a display" gui_version
analyse() {
    local out
    out="$(run_installed "$BIN/kibitz-cli" analyse --top 3 --fen "$START_FEN" 2>&1)"
    local rc=$?
    printf '  %s\n' "$out"
    [[ $rc -eq 0 && "$out" == *" e2e4 "* ]]
}
check "usr/bin/kibitz-cli analyse --fen <start> (via usr/libexec/kibitz)" analyse
# Without the scratch root's models the same command must fail: no other copy (compiled in, the checkout's) is used.
analyse_without_models() {
    local models="$SCRATCH/usr/share/kibitz/models" out rc
    mv "$models" "$models.away" || return 1
    out="$(run_installed "$BIN/kibitz-cli" analyse --top 3 --fen "$START_FEN" 2>&1)"
    rc=$?
    mv "$models.away" "$models" || return 1
    echo "  $out"
    [[ $rc -ne 0 && "$out" == *"no human-move model"* ]]
}
check "analyse fails once usr/share/kibitz/models is moved away" analyse_without_models
# With the checkout hidden under an empty tmpfs (a private mount namespace: root, or where user namespaces allow it).
analyse_checkout_hidden() {
    local out
    # shellcheck disable=SC2016  # $1 and $@ belong to the inner shell
    out="$(cd / && unshare -m sh -c 'mount -t tmpfs none "$1" && shift && exec env -i PATH=/usr/bin:/bin "$@"' \
        sh "$ROOT" "$BIN/kibitz-cli" analyse --top 1 --fen "$START_FEN" 2>&1)" || {
        echo "  $out" >&2
        return 1
    }
    printf '  %s\n' "$out"
    [[ "$out" == *" e2e4 "* ]]
}
if unshare -m sh -c "mount -t tmpfs none '$ROOT'" 2>/dev/null; then
    check "analyse with the checkout hidden" analyse_checkout_hidden
else
    echo "package: skipped: analyse with the checkout hidden (unshare -m is not permitted here)"
fi
[[ $KEEP -eq 1 ]] && echo "package: scratch root kept: $SCRATCH"
finish
