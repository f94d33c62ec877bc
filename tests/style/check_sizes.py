#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The size check (CTest: tst_code_sizes). Needs no build; Python's standard library only.

    tests/style/check_sizes.py [REPO_ROOT]        (default: two folders above this file)
    tests/style/check_sizes.py --list [REPO_ROOT] (also print every function's length, longest first)

Checks the limits of CONTRIBUTING.md ("Sizes") on the production code: the C++ sources and headers under core/,
ui/ and app/ (tracked, or new and not ignored; tests/, bench/ and training/ are not production code):
  1. no file over 800 lines;
  2. no function over 150 lines, counted from the line of its body's opening brace to the line of its closing one.
     A function is a brace block opened at file, namespace or class scope after a parameter list (a free function,
     a member function defined in or out of its class, a constructor with its initializer list, a lambda that
     initializes a variable there); lambdas and local classes inside a function count as part of it.

The scan blanks comments, string and character literals (raw strings too) and preprocessor lines, then matches
braces. Before the repository it checks itself on a few written cases, so a scanner that stopped seeing functions
fails too. Prints one line per problem (FILE:LINE: what) and exits 1 if there was any, else 0.
"""
import os
import re
import subprocess
import sys

MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 150
PRODUCTION_DIRS = ('core', 'ui', 'app')
EXTENSIONS = ('.cpp', '.h', '.hpp', '.cc', '.cxx')

# A parameter list's closing parenthesis, then what may stand between it and the body.
FUNCTION_TAIL = re.compile(r'\)\s*(?:(?:const|volatile|noexcept(?:\s*\([^()]*\))?|override|final|mutable|constexpr'
                           r'|&&?|try)\s*)*(?:->[^{};]*)?$')
# A constructor's initializer list has begun: a colon (not a scope operator) right after a parameter list.
CTOR_INIT = re.compile(r'\)\s*(?:noexcept\s*)?:(?!:)')
NAMESPACE = re.compile(r'\bnamespace\b|\bextern\s*"\s*"\s*$')
ENUM = re.compile(r'\benum\b')
CLASS = re.compile(r'\b(?:class|struct|union)\b')
NAME = re.compile(r'(~?[A-Za-z_]\w*(?:\s*::\s*~?[A-Za-z_]\w*)*(?<=operator)(?:\s*[^\w\s(]*(?:\(\))?)?'
                  r'|~?[A-Za-z_]\w*(?:\s*::\s*~?[A-Za-z_]\w*)*)\s*\(')
RAW_PREFIX = re.compile(r'(?:^|[^\w])(?:u8|u|U|L)?R$')


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    line_start = True  # only whitespace so far on this line (outside comments)

    def skip_to(end):
        out.append(re.sub(r'[^\n]', ' ', text[i:end]))
        return end

    while i < n:
        c = text[i]
        if c == '\n':
            out.append(c)
            i += 1
            line_start = True
            continue
        if line_start and c == '#':
            j = i
            while j < n:
                k = text.find('\n', j)
                if k < 0:
                    j = n
                    break
                # A preprocessor line goes on after a backslash; a block comment may also span lines.
                if text[j:k].rstrip().endswith('\\'):
                    j = k + 1
                    continue
                j = k
                break
            i = skip_to(j)
            continue
        if c in ' \t\r\f\v':
            out.append(c)
            i += 1
            continue
        if text.startswith('//', i):
            k = text.find('\n', i)
            i = skip_to(n if k < 0 else k)
            continue
        if text.startswith('/*', i):
            k = text.find('*/', i + 2)
            i = skip_to(n if k < 0 else k + 2)
            continue
        line_start = False
        if c == '"':
            if RAW_PREFIX.search(text[max(0, i - 3):i]):
                m = re.match(r'"([^()\\\s]{0,16})\(', text[i:])
                if m:
                    end = text.find(')' + m.group(1) + '"', i + m.end())
                    i = skip_to(n if end < 0 else end + len(m.group(1)) + 2)
                    out.append('')
                    continue
            j = i + 1
            while j < n and text[j] != '"' and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append('"')
            i += 1
            i = skip_to(min(j, n))
            if i < n and text[i] == '"':
                out.append('"')
                i += 1
            continue
        if c == "'":
            # A digit separator (1'000'000) is not a character literal.
            k = i
            while k > 0 and (text[k - 1].isalnum() or text[k - 1] in "_'"):
                k -= 1
            if k < i and text[k].isdigit():
                out.append(' ')
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != "'" and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            i = skip_to(min(j + 1, n))
            continue
        out.append(c)
        i += 1
    return ''.join(out)


def matching_brace(code, open_at):
    """The index of the brace that closes the one at open_at, or -1 if it is never closed."""
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == '{':
            depth += 1
        elif code[j] == '}':
            depth -= 1
            if depth == 0:
                return j
    return -1


def function_name(head):
    """The name of the function whose definition head is given (the first name before a parenthesis)."""
    head = re.sub(r'\btemplate\s*<[^{};]*?>\s*(?=[A-Za-z_])', '', head)
    m = NAME.search(head)
    return re.sub(r'\s+', '', m.group(1)) if m else 'lambda'


def functions(text):
    """(name, first line, last line) of every function body defined at file, namespace or class scope, and the
    problems of the scan (unbalanced braces)."""
    code = blank(text)
    found, problems = [], []
    line_at = [0] * (len(code) + 1)
    line = 1
    for idx, ch in enumerate(code):
        line_at[idx] = line
        if ch == '\n':
            line += 1
    line_at[len(code)] = line

    depth = 0  # scopes (namespaces, classes) open around the scan position
    boundary = 0  # where the current declaration began
    i = 0
    while i < len(code):
        ch = code[i]
        if ch == ';':
            boundary = i + 1
        elif ch == '}':
            if depth == 0:
                problems.append((line_at[i], 'a closing brace without an opening one'))
            else:
                depth -= 1
            boundary = i + 1
        elif ch == '{':
            head = code[boundary:i].strip()
            before = code[:i].rstrip()
            close = matching_brace(code, i)
            if close < 0:
                problems.append((line_at[i], 'a brace that is never closed'))
                return found, problems
            if CTOR_INIT.search(head) and before and (before[-1].isalnum() or before[-1] in '_>'):
                i = close  # a member's brace initializer: the declaration goes on
            elif FUNCTION_TAIL.search(head) or (CTOR_INIT.search(head) and head.endswith('}')):
                found.append((function_name(head), line_at[i], line_at[close]))
                i = close
                boundary = close + 1
            elif NAMESPACE.search(head) or (CLASS.search(head) and not ENUM.search(head)):
                depth += 1
                boundary = i + 1
            else:
                i = close  # an enumeration or a variable's initializer
        i += 1
    if depth != 0:
        problems.append((line_at[len(code)], 'a scope left open at the end of the file'))
    return found, problems


def production_files(root):
    """Tracked C++ files under core/, ui/ and app/, and new ones git does not ignore; without git, every one."""
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard',
                              '--', *PRODUCTION_DIRS], capture_output=True, check=True).stdout.decode()
        files = sorted({f for f in out.split('\0') if f})
    except (OSError, subprocess.CalledProcessError):
        files = []
        for top in PRODUCTION_DIRS:
            for dirpath, dirs, names in os.walk(os.path.join(root, top)):
                files += [os.path.relpath(os.path.join(dirpath, n), root) for n in names]
        files.sort()
    return [f for f in files if f.endswith(EXTENSIONS) and os.path.isfile(os.path.join(root, f))]


def check_file(path, text):
    """Problems of one file as (line, message), and its functions."""
    problems = []
    lines = text.count('\n') + (0 if text.endswith('\n') or not text else 1)
    if lines > MAX_FILE_LINES:
        problems.append((1, f'{lines} lines, over the limit of {MAX_FILE_LINES}: split the file'))
    found, scan_problems = functions(text)
    problems += [(line, f'size scan: {what}') for line, what in scan_problems]
    for name, first, last in found:
        length = last - first + 1
        if length > MAX_FUNCTION_LINES:
            problems.append((first, f'function {name} is {length} lines, over the limit of {MAX_FUNCTION_LINES}: '
                                    f'split it (named steps, a run class)'))
    return problems, found


SELF_TEST = [
    # (source, expected [(name, length)])
    ('namespace a {\nnamespace {\nint f(int x)\n{\n  return x;\n}\n}  // namespace\n}\n', [('f', 3)]),
    ('class C : public B {\n  Q_OBJECT\npublic:\n  int g() const { return 1; }\n  int m{3};\n  enum class E { A, B };\n'
     '};\n', [('g', 1)]),
    ('C::C(int a) : m_a{a}, m_b(2)\n{\n  auto l = [](int v) {\n    return v;\n  };\n  if (a) {\n  }\n}\n',
     [('C::C', 7)]),
    ('const auto kTable = std::array<int, 3>{1, 2, 3};\nstatic const char* s = "}{";\nchar c = \'{\';\n'
     'int big = 1\'000;\nauto r = R"x(})x";\n#define M {\nvoid h() noexcept\n{\n  // }\n  /* { */\n}\n',
     [('h', 4)]),
    ('template <typename T>\nResult<T> kibitz::x::y(T t) -> int\n{\n\n}\nextern "C" {\nvoid z() {}\n}\n',
     [('kibitz::x::y', 3), ('z', 1)]),
]


def self_test():
    """Problems of the scanner on the written cases (an empty list when it sees what it should)."""
    problems = []
    for number, (source, expected) in enumerate(SELF_TEST, 1):
        found, scan_problems = functions(source)
        got = [(name, last - first + 1) for name, first, last in found]
        if got != expected or scan_problems:
            problems.append(f'self-test case {number}: expected {expected}, got {got} {scan_problems}')
    long_body = 'void longOne()\n{\n' + '  [] {\n  }();\n' * 80 + '}\n'
    problems_long, _ = check_file('x.cpp', long_body)
    if not any('longOne is 162 lines' in what for _, what in problems_long):
        problems.append(f'self-test: a function of 162 lines was not reported: {problems_long}')
    if not check_file('x.cpp', '\n' * (MAX_FILE_LINES + 1))[0]:
        problems.append('self-test: a file over the limit was not reported')
    return problems


def main(argv):
    args = [a for a in argv[1:] if not a.startswith('-')]
    flags = [a for a in argv[1:] if a.startswith('-')]
    if any(f in ('-h', '--help') for f in flags) or any(f not in ('--list',) for f in flags) or len(args) > 1:
        print(__doc__.strip(), file=sys.stdout if any(f in ('-h', '--help') for f in flags) else sys.stderr)
        return 0 if any(f in ('-h', '--help') for f in flags) else 2
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), '..', '..'))
    failures = 0
    for problem in self_test():
        print(problem)
        failures += 1
    files = production_files(root)
    if not files:
        print(f'{root}: no production sources found under {", ".join(PRODUCTION_DIRS)}')
        return 1
    listing = []
    for path in files:
        with open(os.path.join(root, path), encoding='utf-8', errors='replace') as f:
            text = f.read()
        problems, found = check_file(path, text)
        for line, what in problems:
            print(f'{path}:{line}: {what}')
            failures += 1
        listing += [(last - first + 1, f'{path}:{first}: {name}') for name, first, last in found]
    if '--list' in flags:
        for length, where in sorted(listing, reverse=True):
            print(f'{length:5d} {where}')
    print(f'{len(files)} files, {len(listing)} functions checked: {failures} problem(s)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
