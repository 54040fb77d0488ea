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

import ast
import re
import subprocess
import sys

import dynamotest_common as common
import program_audit  # (on the path through dynamotest_common)

ALLOWED_MODULES = {"torch", "math", "collections", "functools", "itertools",
                   "operator", "copy", "contextlib", "time", "os", "typing"}
NAME_RE = re.compile(r"^\d{3}_[a-z0-9_]+\.py$")


def is_torch_compile(func):
    """torch.compile / torch._dynamo.optimize as an ast expression."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id == "torch" and func.attr == "compile"
    return False


def is_optimize(func):
    return (isinstance(func, ast.Attribute) and func.attr == "optimize"
            and isinstance(func.value, ast.Attribute) and func.value.attr == "_dynamo")


def audit(program, refc, allowed_modules=ALLOWED_MODULES):
    problems = []
    text = program.read_text(encoding="utf-8")
    lines = text.splitlines()
    if not NAME_RE.match(program.name):
        problems.append("name is not NNN_short_name.py")
    problems += program_audit.layout_problems(lines, 40, "checks")
    try:
        common.program_env_words(program)
    except ValueError as exc:
        problems.append(str(exc))
    tree = program_audit.parsed(program, text, problems)
    if tree is None:
        return problems
    for node in ast.walk(tree):
        problems += program_audit.node_problems(node, allowed_modules)
        if isinstance(node, ast.Call):
            keywords = {k.arg for k in node.keywords}
            func = node.func
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


if __name__ == "__main__":
    sys.exit(program_audit.main(__doc__, common, audit, refc_option=True))
