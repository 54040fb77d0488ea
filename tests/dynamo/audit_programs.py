#!/usr/bin/env python3
"""Static lint for tests/dynamo programs (standard library only; needs no torch).

Checks that each programs/NNN_name.py
  - is named NNN_short_name.py with a number used once, starts with a '# '
    comment line saying what it checks, and has 10-40 lines;
  - has a well-formed line-2 `# env: NAME=VALUE ...` comment if it has one;
  - parses as Python and imports only torch (and its submodules) and the
    stdlib modules of LANGUAGE.md these programs use;
  - names a backend in every torch.compile(...) / .compile(...) call and every
    torch._dynamo.optimize(...) (the peer's default backend is inductor, which
    refc does not have), and never applies a bare @torch.compile;
  - avoids what the subset or determinism rule out: numpy, dataclasses, id(),
    complex and bytes literals;
  - with --refc PATH: is accepted by `refc dis` (so it stays inside the
    language subset; `refc dis` compiles every code object without running).

Usage: audit_programs.py [--refc PATH] [PROGRAM ...]   (default: all programs)
Exit status 0 iff no problems were found.
"""

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

import dynamotest_common as common

ALLOWED_MODULES = {"torch", "math", "collections", "functools", "itertools",
                   "operator", "copy", "contextlib", "time"}
NAME_RE = re.compile(r"^\d{3}_[a-z0-9_]+\.py$")


def is_torch_compile(func):
    """torch.compile / torch._dynamo.optimize as an ast expression."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id == "torch" and func.attr == "compile"
    return False


def is_optimize(func):
    return (isinstance(func, ast.Attribute) and func.attr == "optimize"
            and isinstance(func.value, ast.Attribute) and func.value.attr == "_dynamo")


def audit(program, refc):
    problems = []
    text = program.read_text(encoding="utf-8")
    lines = text.splitlines()
    if not NAME_RE.match(program.name):
        problems.append("name is not NNN_short_name.py")
    if not lines or not lines[0].startswith("# ") or len(lines[0]) < 12:
        problems.append("line 1 must be a '# ' comment saying what the program checks")
    if not 10 <= len(lines) <= 40:
        problems.append(f"has {len(lines)} lines (want 10-40)")
    try:
        common.program_env_words(program)
    except ValueError as exc:
        problems.append(str(exc))
    try:
        tree = ast.parse(text, filename=program.name)
    except SyntaxError as exc:
        return problems + [f"does not parse: {exc}"]
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        for name in names:
            if name.split(".")[0] not in ALLOWED_MODULES:
                problems.append(f"line {node.lineno}: imports {name}")
        if isinstance(node, ast.Call):
            keywords = {k.arg for k in node.keywords}
            func = node.func
            if isinstance(func, ast.Name) and func.id == "id":
                problems.append(f"line {node.lineno}: id() prints an address")
            if is_torch_compile(func) and "backend" not in keywords:
                problems.append(f"line {node.lineno}: torch.compile without backend=")
            elif (isinstance(func, ast.Attribute) and func.attr == "compile"
                  and not is_torch_compile(func) and "backend" not in keywords):
                problems.append(f"line {node.lineno}: .compile() without backend=")
            if is_optimize(func) and not node.args and "backend" not in keywords:
                problems.append(f"line {node.lineno}: optimize() without a backend")
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            for dec in node.decorator_list:
                if is_torch_compile(dec):
                    problems.append(f"line {dec.lineno}: bare @torch.compile (no backend)")
        if isinstance(node, ast.Constant) and isinstance(node.value, (bytes, complex)):
            problems.append(f"line {node.lineno}: {type(node.value).__name__} literal")
    for i, line in enumerate(lines, 1):
        code = line.split("#", 1)[0]
        if re.search(r"\bnumpy\b|\bdataclass", code):
            problems.append(f"line {i}: numpy/dataclasses are outside the subset")
    if refc:
        got = subprocess.run([refc, "dis", program.name], cwd=str(program.parent),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
        if got.returncode != 0:
            last = got.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
            problems.append(f"refc dis fails: {' '.join(last)}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--refc", metavar="PATH", help="also check that `refc dis` accepts each program")
    parser.add_argument("programs", nargs="*", metavar="PROGRAM")
    args = parser.parse_args()
    if args.refc and ("/" in args.refc):
        args.refc = str(Path(args.refc).resolve())
    try:
        programs = ([common.resolve_program(n) for n in args.programs]
                    if args.programs else common.all_programs())
    except ValueError as exc:
        sys.exit(f"audit_programs.py: {exc}")
    count = 0
    for program in programs:
        for problem in audit(program, args.refc):
            print(f"{program.name}: {problem}")
            count += 1
    numbers = [p.name[:3] for p in common.all_programs()]
    for dup in sorted({n for n in numbers if numbers.count(n) > 1}):
        print(f"number {dup} is used twice")
        count += 1
    print(f"{len(programs)} programs audited, {count} problems")
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main())
