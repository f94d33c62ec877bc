#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the gzipped man page of a program from its --help text (help2man) at build time:
#   man_page.sh HELP2MAN PROGRAM VERSION SUMMARY INCLUDE.h2m OUT.1.gz
# The program runs under its bare name from PATH, so the page says "kibitz", not a path of the build tree (a page
# that still names the build folder is an error), and without a display (kibitz answers --help without one).
set -eu
help2man=$1 program=$2 version=$3 summary=$4 include=$5 out=$6
dir=$(dirname "$program")
name=$(basename "$program")
page="${out%.gz}"
env -u DISPLAY -u WAYLAND_DISPLAY PATH="$dir:$PATH" "$help2man" --no-info --section=1 --version-string="$version" \
    --name="$summary" --include="$include" --output="$page" "$name"
if grep -q -F "$dir" "$page"; then
    echo "man_page.sh: $page names the build folder $dir" >&2
    exit 1
fi
gzip -9 -n -f "$page"
