#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what Kibitz needs on Debian 12 (only what is missing), checks that the BLAS in use is OpenBLAS
# (pthread), then configures and builds the given CMake presets. Safe to run again: a second run installs
# nothing and rebuilds only what changed.
#
#   scripts/setup.sh [--deps-only] [--no-deps] [PRESET...]     (default preset: release)
#
# Environment: KIBITZ_JOBS (parallel build jobs, default: number of cores).
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEPS=1
BUILD=1
PRESETS=()
for arg in "$@"; do
    case "$arg" in
        --deps-only) BUILD=0 ;;
        --no-deps) DEPS=0 ;;
        -h | --help) usage; exit 0 ;;
        -*) echo "setup.sh: unknown option $arg" >&2; usage >&2; exit 2 ;;
        *) PRESETS+=("$arg") ;;
    esac
done
[[ ${#PRESETS[@]} -gt 0 ]] || PRESETS=(release)

# Debian packages, grouped by what needs them.
PACKAGES=(
    # toolchain
    build-essential cmake ninja-build pkg-config git ccache python3
    # Qt 6: widgets, charts, SVG, Linguist tools and Qt's own translations; the xcb/offscreen platform
    # plugins ship in libqt6gui6 (pulled in by qt6-base-dev), fonts for text rendering
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
    libgl1-mesa-dev libxkbcommon-x11-0 fonts-dejavu-core
    # model bundles (zip), LibTorch with Gloo for distributed training, a multithreaded BLAS, zstd streams
    libquazip1-qt6-dev libtorch-dev libgloo-dev libdnnl-dev libopenblas0-pthread libzstd-dev zstd
    # lc0 network files (.pb.gz: the Maia-1 nets)
    zlib1g-dev
    # engines and reference tools used by integration tests and benchmarks
    stockfish pgn-extract
    # headless GUI tests and screenshots; a real browser for the HTML reports (tst_player_profile_browser)
    xvfb xauth chromium
    # fuzzing and sanitizers (libFuzzer runtime), format check
    clang libclang-rt-14-dev clang-format-14
    # the Debian package and its check (scripts/package_check.sh): man pages from --help, lintian, the AppStream
    # metainfo and desktop entry validators
    help2man lintian appstream desktop-file-utils
    # the portable binary on an older CPU (cli_perft_nehalem: kibitz-cli perft under qemu-x86_64 -cpu Nehalem)
    qemu-user
)

SUDO=()
if [[ $(id -u) -ne 0 ]]; then
    SUDO=(sudo)
fi

install_packages() {
    local missing=()
    local p
    for p in "${PACKAGES[@]}"; do
        if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]]; then
            missing+=("$p")
        fi
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        echo "setup: all ${#PACKAGES[@]} Debian packages are installed"
        return
    fi
    echo "setup: installing ${missing[*]}"
    "${SUDO[@]}" apt-get update -q
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

# LibTorch on Debian uses the system BLAS through the alternatives system; the reference BLAS is an order of
# magnitude slower than OpenBLAS for the matrix products of training and inference.
check_blas() {
    local triplet link value
    triplet="$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)"
    link="libblas.so.3-${triplet}"
    value="$(update-alternatives --query "$link" 2>/dev/null | sed -n 's/^Value: //p')"
    if [[ "$value" != *openblas-pthread* ]]; then
        local want="/usr/lib/${triplet}/openblas-pthread/libblas.so.3"
        if [[ -e "$want" ]]; then
            echo "setup: switching $link from '${value:-none}' to $want"
            "${SUDO[@]}" update-alternatives --set "$link" "$want"
            "${SUDO[@]}" update-alternatives --set "liblapack.so.3-${triplet}" \
                "/usr/lib/${triplet}/openblas-pthread/liblapack.so.3" || true
            value="$(update-alternatives --query "$link" | sed -n 's/^Value: //p')"
        fi
    fi
    echo "setup: active BLAS: ${value:-unknown}"
    if [[ "$value" != *openblas-pthread* ]]; then
        echo "setup: warning: libblas.so.3 is not OpenBLAS (pthread); training and analysis will be slow" >&2
    fi
}

# Compiler cache: keyed on paths relative to the checkout, so fresh clones (CI) reuse earlier builds.
CMAKE_EXTRA=()
if command -v ccache >/dev/null 2>&1; then
    export CCACHE_BASEDIR="$ROOT"
    export CCACHE_NOHASHDIR=1
    CMAKE_EXTRA+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

build_preset() {
    local preset="$1"
    local jobs="${KIBITZ_JOBS:-$(nproc)}"
    local start=$SECONDS
    echo "setup: configuring preset '$preset'"
    cmake --preset "$preset" "${CMAKE_EXTRA[@]}" >"$ROOT/build/$preset.configure.log" 2>&1 || {
        cat "$ROOT/build/$preset.configure.log" >&2
        echo "setup: configuring '$preset' failed" >&2
        return 1
    }
    echo "setup: building preset '$preset' with $jobs jobs"
    cmake --build --preset "$preset" -j "$jobs"
    echo "setup: preset '$preset' ready in build/$preset ($((SECONDS - start)) s)"
}

cd "$ROOT"
if [[ $DEPS -eq 1 ]]; then
    install_packages
    check_blas
fi
if [[ $BUILD -eq 1 ]]; then
    mkdir -p "$ROOT/build"
    for preset in "${PRESETS[@]}"; do
        build_preset "$preset"
    done
fi
