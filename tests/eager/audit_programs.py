#!/usr/bin/env python3
"""Static lint for tests/eager programs (standard library only; needs no torch).

Checks that each programs/NNN_name.py
  - parses as Python and starts with a '# ' comment line saying what it exercises;
  - has 10-60 lines;
  - imports only torch (and its submodules) and the stdlib modules of LANGUAGE.md
    that these programs use (math, collections, functools, itertools, operator,
    copy, contextlib);
  - avoids what the language subset leaves out: numpy, dataclasses, complex
    literals, bytes literals, the f-string '=' specifier, torch.compile;
  - never prints an address: data_ptr() only inside a comparison, no id();
  - draws random numbers (manual_seed, rand*, normal_, uniform_, bernoulli,
    multinomial, Generator) only inside the RNG range 191-200;
  - resets print options (profile="default") after changing them.

Usage: audit_programs.py [PROGRAM ...]   (default: all programs)
Exit status 0 iff no problems were found.
"""

import ast
import re
import sys

import eagertest_common as common

ALLOWED_MODULES = {"torch", "math", "collections", "functools", "itertools",
                   "operator", "copy", "contextlib"}
RNG_RANGE = range(191, 201)
RNG_CALL = re.compile(r"\b(manual_seed|rand|randn|randint|randperm|rand_like|randn_like|"
                      r"randint_like|normal_|uniform_|bernoulli_?|multinomial|normal|Generator)\s*\(")
FSTRING_EQ = re.compile(r"\{[^{}]*[^=!<>]=\s*(![rsa])?(:[^{}]*)?\}")
COMPLEX_LIT = re.compile(r"\b\d+(\.\d*)?[jJ]\b")
BYTES_LIT = re.compile(r"(?<![\w])[bB][rR]?['\"]")


def audit(program):
    problems = []
    text = program.read_text(encoding="utf-8")
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# ") or len(lines[0]) < 12:
        problems.append("line 1 must be a '# ' comment saying what the program exercises")
    if not 10 <= len(lines) <= 60:
        problems.append(f"has {len(lines)} lines (want 10-60)")
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
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id":
            problems.append(f"line {node.lineno}: id() prints an address")
        if isinstance(node, ast.Constant) and isinstance(node.value, (bytes, complex)):
            problems.append(f"line {node.lineno}: {type(node.value).__name__} literal")
    number = int(program.name[:3])
    for i, line in enumerate(lines, 1):
        code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
        if re.search(r"\bnumpy\b|\bdataclass", code):
            problems.append(f"line {i}: numpy/dataclasses are outside the subset")
        if "torch.compile" in code:
            problems.append(f"line {i}: torch.compile (eager suite)")
        if re.search(r"\bf['\"]", code) and FSTRING_EQ.search(code):
            problems.append(f"line {i}: f-string '=' specifier")
        if "data_ptr()" in code and "==" not in code and "!=" not in code:
            problems.append(f"line {i}: data_ptr() outside a comparison")
        if number not in RNG_RANGE and RNG_CALL.search(code):
            problems.append(f"line {i}: random numbers outside the RNG range 191-200")
    sets = [i for i, l in enumerate(lines) if "set_printoptions(" in l]
    if sets and 'profile="default"' not in lines[sets[-1]]:
        problems.append("print options are not reset with profile=\"default\" at the end")
    return problems


def main():
    try:
        programs = ([common.resolve_program(n) for n in sys.argv[1:]]
                    if len(sys.argv) > 1 else common.all_programs())
    except ValueError as exc:
        sys.exit(f"audit_programs.py: {exc}")
    count = 0
    for program in programs:
        for problem in audit(program):
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
