#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The layering check (CTest: tst_layers). Needs no build; Python's standard library only.

    tests/style/check_layers.py [REPO_ROOT]   (default: two folders above this file)

CMake's links enforce that a lower layer never includes a higher one (docs/ARCHITECTURE.md, "Layers"); a link cannot
say that a higher layer skips the one between. This check holds the rules a link cannot:
  1. the user interface (ui/, app/gui/) reaches the trainers through core/jobs, never by including core/training/;
  2. nothing in ui/ or app/gui/ includes LibTorch (<torch/...>, <ATen/...>, <c10/...>): torch stays behind the jobs'
     torch-free headers.
Only #include lines count (comments and strings are not includes). Before the repository it checks itself on a few
written cases, so a rule that stopped matching fails too. Prints one line per problem (FILE:LINE: what) and exits 1
if there was any, else 0.
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
# (folders the rule applies to, a pattern of forbidden include paths, why)
RULES = (
    (('ui', 'app/gui'), re.compile(r'^core/training/'), 'the user interface reaches the trainers through core/jobs'),
    (('ui', 'app/gui'), re.compile(r'^(?:torch|ATen|c10)/'), 'torch stays behind the jobs\' torch-free headers'),
)
EXTENSIONS = ('.cpp', '.h', '.hpp', '.cc', '.cxx')


def problems_in(path, text):
    """(line, message) for each include of `text` (the file at repository path `path`) that a rule forbids."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        target = m.group(2)
        for folders, forbidden, why in RULES:
            if any(path == f or path.startswith(f + '/') for f in folders) and forbidden.search(target):
                found.append((number, f'includes {target}: {why}'))
    return found


def self_check():
    """The rules on written cases: each must be found or left alone as stated."""
    cases = (
        ('ui/a.cpp', '#include "core/training/personal_trainer.h"\n', 1),
        ('ui/a.h', '  #  include <torch/torch.h>\n', 1),
        ('app/gui/main.cpp', '#include "core/training/x.h"\n#include <ATen/Tensor.h>\n', 2),
        ('ui/a.cpp', '#include "core/jobs/personal_model.h"\n// #include "core/training/x.h"\n', 0),
        ('app/cli/cmd.cpp', '#include "core/training/x.h"\n', 0),
        ('core/jobs/a.cpp', '#include "core/training/x.h"\n#include <torch/torch.h>\n', 0),
        ('uix/a.cpp', '#include "core/training/x.h"\n', 0),
    )
    ok = True
    for path, text, expected in cases:
        got = len(problems_in(path, text))
        if got != expected:
            print(f'check_layers.py: self-check: {path} {text!r}: {got} problems, expected {expected}')
            ok = False
    return ok


def source_files(root):
    """The C++ files under the checked folders: tracked or new and not ignored (git), else every file."""
    folders = sorted({f for folders, _, _ in RULES for f in folders})
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '--cached', '--others', '--exclude-standard', '--']
                             + folders, check=True, capture_output=True, text=True).stdout.split('\n')
        files = [f for f in out if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for folder in folders:
            for base, _, names in os.walk(os.path.join(root, folder)):
                files += [os.path.relpath(os.path.join(base, n), root) for n in names]
    return sorted(f for f in files if f.endswith(EXTENSIONS) and os.path.isfile(os.path.join(root, f)))


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
    if not self_check():
        return 1
    files = source_files(root)
    if not files:
        print(f'check_layers.py: no C++ file under ui/ or app/gui/ in {root}')
        return 1
    bad = 0
    for path in files:
        with open(os.path.join(root, path), encoding='utf-8', errors='replace') as f:
            for line, message in problems_in(path, f.read()):
                print(f'{path}:{line}: {message}')
                bad += 1
    if bad:
        print(f'check_layers.py: {bad} problem(s) in {len(files)} files')
        return 1
    print(f'check_layers.py: {len(files)} files, no include across the layers')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
