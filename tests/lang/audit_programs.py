#!/usr/bin/env python3
"""Lint the tests/lang programs against the rules that keep them in the subset.

Run it after adding or editing programs (needs Python 3.11, like the goldens):
  audit_programs.py [--jobs N] [PROGRAM ...]

Checks, per program:
  - name NNN_short_name.py, numbers unique; first line is a `#` comment
    (and no accidental `coding:` encoding declaration in lines 1-2);
  - only the stdlib modules LANGUAGE.md lists are imported; no
    complex, async, match, exec/eval/compile/input, multiple
    inheritance, __slots__;
  - the output does not depend on str hashing (three PYTHONHASHSEEDs agree)
    and shows no object addresses (` at 0x`);
and overall: at most 3 "Did you mean" suggestions. Prints a summary of how
many programs exit normally, with an exception, or with a syntax error.
Exit status 0 iff no problem was found.
"""

import argparse
import ast
import concurrent.futures
import os
import re
import subprocess
import sys

import langtest_common as common

ALLOWED_MODULES = {"math", "copy", "contextlib", "functools", "itertools", "operator",
                   "random", "time", "os", "os.path", "sys", "collections", "logging",
                   "warnings", "linecache", "dataclasses", "typing", "enum", "abc", "inspect",
                   "json", "argparse", "pathlib", "importlib", "io", "__future__", "gc",
                   "collections.abc", "importlib.util", "types"}
FORBIDDEN_CALLS = {"exec", "eval", "compile", "input", "breakpoint", "__import__"}
NAME_RE = re.compile(r"^\d{3}_[a-z0-9_]+\.py$")


def static_problems(tree):
    problems = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", "?")
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name not in ALLOWED_MODULES:
                    problems.append(f"line {line}: import of {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            if node.module not in ALLOWED_MODULES:
                problems.append(f"line {line}: import from {node.module}")
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, complex):
                problems.append(f"line {line}: complex literal")
        elif isinstance(node, (ast.AsyncFunctionDef, ast.AsyncFor, ast.AsyncWith, ast.Await,
                               ast.Match)):
            problems.append(f"line {line}: {type(node).__name__} is outside the subset")
        elif isinstance(node, ast.ClassDef):
            bases = [b for b in node.bases if not (isinstance(b, ast.Name) and b.id == "object")]
            if len(bases) > 1:
                problems.append(f"line {line}: multiple inheritance in class {node.name}")
        elif isinstance(node, ast.Name) and node.id == "__slots__":
            problems.append(f"line {line}: __slots__")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in FORBIDDEN_CALLS:
                problems.append(f"line {line}: call of {node.func.id}()")
    return problems


def outcome_with_seed(program, seed):
    env = common.program_env()
    env["PYTHONHASHSEED"] = str(seed)
    proc = subprocess.run([sys.executable, program.name], cwd=str(program.parent), env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=common.TIMEOUT_S)
    return proc.stdout, common.last_stderr_line(proc.stderr), proc.returncode, proc.stderr


def audit(program):
    """Return (program, kind, problems, did_you_mean_count)."""
    problems = []
    if not NAME_RE.match(program.name):
        problems.append("file name is not NNN_short_name.py")
    source = program.read_text(encoding="utf-8")
    if not source.startswith("# "):
        problems.append("first line is not a one-line `# ...` comment")
    if any(re.search(r"coding[:=]", line) for line in source.splitlines()[:2]):
        problems.append("first two lines look like a PEP 263 encoding declaration")
    try:
        tree = ast.parse(source, program.name)
    except SyntaxError:
        tree = None
    if tree is not None:
        try:
            compile(source, program.name, "exec")
        except SyntaxError:
            tree = None  # a compile-time error such as 'return' outside function
    if tree is not None:
        problems += static_problems(tree)

    runs = [outcome_with_seed(program, seed) for seed in (0, 1, 7)]
    if len({r[:3] for r in runs}) != 1:
        problems.append("output depends on PYTHONHASHSEED (str hash order leaks)")
    out, err, code, full_err = runs[0]
    text = out.decode("utf-8", "replace") + full_err.decode("utf-8", "replace")
    if re.search(r" at 0x[0-9a-f]+", text):
        problems.append("output shows an object address")
    did_you_mean = err.count("Did you mean")
    if tree is None:
        kind = "syntax"
        if code != 1 or not re.match(r"(SyntaxError|IndentationError|TabError)\b", err):
            problems.append(f"does not compile, yet ends with {err!r} / exit {code}")
    else:
        kind = "normal" if code == 0 and not err else "error"
    return program, kind, problems, did_you_mean


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("programs", nargs="*", metavar="PROGRAM")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if sys.version_info[:2] != (3, 11):
        sys.exit("audit_programs.py needs Python 3.11")
    programs = ([common.resolve_program(n) for n in args.programs]
                if args.programs else common.all_programs())

    numbers = [p.name[:3] for p in common.all_programs()]
    bad = 0
    for num in sorted({n for n in numbers if numbers.count(n) > 1}):
        print(f"PROBLEM number {num} is used more than once")
        bad += 1

    kinds = {"normal": 0, "error": 0, "syntax": 0}
    suggestions = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for program, kind, problems, dym in pool.map(audit, programs):
            kinds[kind] += 1
            suggestions += dym
            for problem in problems:
                print(f"PROBLEM {program.name}: {problem}")
                bad += 1
    if suggestions > 3:
        print(f"PROBLEM {suggestions} programs end with a 'Did you mean' suggestion (max 3)")
        bad += 1
    print(f"{len(programs)} programs: {kinds['normal']} exit normally, {kinds['error']} end in "
          f"an exception or sys.exit, {kinds['syntax']} are syntax errors; "
          f"{suggestions} 'Did you mean'; {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
