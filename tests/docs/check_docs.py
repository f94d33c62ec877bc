#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The documentation check (CTest: tst_docs_links). Needs no build; Python's standard library only.

    tests/docs/check_docs.py [REPO_ROOT]      (default: two folders above this file)

Checks that:
  1. every relative link and image in the repository's Markdown files (tracked, or new and not ignored) names a
     file or folder that exists: inline links [text](path), images ![alt](path), reference definitions
     [label]: path, and HTML src/href attributes; and that a #anchor into a Markdown file names one of its headings
     (GitHub's rule: lower case, punctuation dropped, spaces as hyphens). Links inside code are not links; URLs with a
     scheme are not checked;
  2. the commands of the README's "Quick start" section include ./scripts/run.sh and ./scripts/test.sh, and every
     scripts/ command there exists and is executable;
  3. every command in the "Commands" table of docs/user/cli.md is registered in app/cli
     (registerCommand({"NAME", ...})), and every registered command is named in that page.

Prints one line per problem (FILE:LINE: what) and exits 1 if there was any, else 0.
"""
import os
import re
import subprocess
import sys
from urllib.parse import unquote

SKIPPED_DIRS = {'.git', 'build', 'runs', 'out', '.cache', '.gpu', 'node_modules', '__pycache__'}
FENCE = re.compile(r'^\s{0,3}(`{3,}|~{3,})')
INLINE_LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)'
                         r'(?:\s+(?:"[^"]*"|\'[^\']*\'|\([^()]*\)))?\s*\)')
REFERENCE_DEF = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)')
HTML_ATTR = re.compile(r'<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*"([^"]*)"', re.IGNORECASE)
CODE_SPAN = re.compile(r'(`+)(.+?)\1', re.DOTALL)
SCHEME = re.compile(r'^[A-Za-z][A-Za-z0-9+.-]*:')
REGISTERED = re.compile(r'registerCommand\(\s*\{\s*"([^"]+)"')


def usage(out=sys.stdout):
    print(__doc__.strip(), file=out)


def markdown_files(root):
    """Tracked Markdown files and new ones git does not ignore; without git, every .md outside build folders."""
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard',
                              '--', '*.md'], capture_output=True, check=True).stdout.decode()
        files = sorted({f for f in out.split('\0') if f})
        return [f for f in files if os.path.isfile(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for top, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.startswith('build')]
            files += [os.path.relpath(os.path.join(top, n), root) for n in names if n.endswith('.md')]
        return sorted(files)


def blank_code(text):
    """The text with fenced code blocks and inline code spans replaced by spaces (line numbers kept)."""
    return CODE_SPAN.sub(lambda m: re.sub(r'[^\n]', ' ', m.group(0)), blank_code_blocks(text))


def blank_code_blocks(text):
    """The text with the lines of fenced code blocks emptied (line numbers kept)."""
    lines = text.split('\n')
    fence = None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)[0] * len(m.group(1))
            lines[i] = ''
        elif fence is not None:
            if line.strip().startswith(fence) and line.strip().strip(fence[0]) == '':
                fence = None
            lines[i] = ''
    return '\n'.join(lines)


def link_targets(text):
    """(line number, target) of every link, image, reference definition and HTML src/href outside code."""
    text = blank_code(text)
    found = []
    for pattern in (INLINE_LINK, HTML_ATTR):
        for m in pattern.finditer(text):
            found.append((text.count('\n', 0, m.start()) + 1, m.group(1)))
    for number, line in enumerate(text.split('\n'), 1):
        m = REFERENCE_DEF.match(line)
        if m:
            found.append((number, m.group(1)))
    return found


def anchors(path, cache={}):
    """The anchors GitHub gives the headings of a Markdown file (duplicates numbered -1, -2, ...)."""
    if path not in cache:
        with open(path, encoding='utf-8') as f:
            text = blank_code_blocks(f.read())
        seen, found = {}, set()
        for line in text.split('\n'):
            m = re.match(r'^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$', line)
            if not m:
                continue
            slug = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower().replace('`', '')).replace(' ', '-')
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            found.add(slug if n == 0 else f'{slug}-{n}')
        cache[path] = found
    return cache[path]


def check_links(root, problems):
    files = markdown_files(root)
    checked = 0
    for rel in files:
        here = os.path.join(root, rel)
        with open(here, encoding='utf-8') as f:
            text = f.read()
        for number, target in link_targets(text):
            target = target.strip()
            if target.startswith('<') and target.endswith('>'):
                target = target[1:-1].strip()
            if not target or SCHEME.match(target) or target.startswith('//'):
                continue
            path, _, anchor = unquote(target.split('?', 1)[0]).partition('#')
            if path:
                base = root if path.startswith('/') else os.path.dirname(here)
                resolved = os.path.normpath(os.path.join(base, path.lstrip('/')))
            else:
                resolved = here
            checked += 1
            if not os.path.exists(resolved):
                problems.append(f'{rel}:{number}: broken link {target}')
            elif anchor and resolved.endswith('.md') and anchor.lower() not in anchors(resolved):
                problems.append(f'{rel}:{number}: broken link {target}: no heading makes #{anchor}')
    return len(files), checked


def section(text, heading):
    """The lines of a '## heading' section (up to the next heading of the same or a higher level), numbered."""
    lines = text.split('\n')
    out, inside = [], False
    for number, line in enumerate(lines, 1):
        if re.match(r'^#{1,2}\s', line):
            if inside:
                break
            inside = line.lstrip('#').strip().lower() == heading.lower()
            continue
        if inside:
            out.append((number, line))
    return out


def check_quick_start(root, problems):
    rel = 'README.md'
    with open(os.path.join(root, rel), encoding='utf-8') as f:
        lines = section(f.read(), 'Quick start')
    if not lines:
        problems.append(f'{rel}: no "## Quick start" section')
        return 0
    commands, fence = [], False
    for number, line in lines:
        if FENCE.match(line):
            fence = not fence
            continue
        if fence and line.strip() and not line.strip().startswith('#'):
            commands.append((number, line.split()[0]))
    names = {c for _, c in commands}
    for required in ('./scripts/run.sh', './scripts/test.sh'):
        if required not in names:
            problems.append(f'{rel}: the Quick start does not run {required}')
    for number, command in commands:
        if command.startswith('./') or command.startswith('scripts/'):
            path = os.path.join(root, command)
            if not os.path.isfile(path):
                problems.append(f'{rel}:{number}: the Quick start command {command} does not exist')
            elif not os.access(path, os.X_OK):
                problems.append(f'{rel}:{number}: the Quick start command {command} is not executable')
    return len(commands)


def registered_commands(root):
    names = set()
    cli = os.path.join(root, 'app', 'cli')
    for name in sorted(os.listdir(cli)):
        if name.endswith('.cpp'):
            with open(os.path.join(cli, name), encoding='utf-8') as f:
                names.update(REGISTERED.findall(f.read()))
    return names


def check_cli_reference(root, problems):
    rel = os.path.join('docs', 'user', 'cli.md')
    with open(os.path.join(root, rel), encoding='utf-8') as f:
        text = f.read()
    registered = registered_commands(root)
    if not registered:
        problems.append('app/cli: no registerCommand({"NAME", ...}) found')
    documented = []
    for number, line in section(text, 'Commands'):
        m = re.match(r'^\|\s*`([^`]+)`\s*\|', line)
        if m:
            documented.append((number, m.group(1).split()[0]))
    if not documented:
        problems.append(f'{rel}: no commands in the table of its "## Commands" section')
    for number, command in documented:
        if command not in registered:
            problems.append(f'{rel}:{number}: {command} is not a command registered in app/cli')
    named = set(re.findall(r'`([a-z][a-z0-9-]*)[ `]', text))
    for command in sorted(registered - named):
        problems.append(f'{rel}: the registered command {command} is not named on the page')
    return len(documented)


def main():
    args = sys.argv[1:]
    if args and args[0] in ('-h', '--help'):
        usage()
        return 0
    if len(args) > 1:
        usage(sys.stderr)
        return 2
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
    problems = []
    files, links = check_links(root, problems)
    commands = check_quick_start(root, problems)
    cli = check_cli_reference(root, problems)
    for p in problems:
        print(p)
    print(f'check_docs: {files} Markdown files, {links} relative links, {commands} Quick start commands, '
          f'{cli} CLI commands: {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
