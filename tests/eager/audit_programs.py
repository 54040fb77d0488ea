#!/usr/bin/env python3
"""Static lint for tests/eager programs (standard library only; needs no torch).

Checks that each programs/NNN_name.py
  - parses as Python and starts with a '# ' comment line saying what it exercises;
  - has 10-60 lines;
  - imports only torch (and its submodules) and the stdlib modules of LANGUAGE.md
    that these programs use (math, collections, functools, itertools, operator,
    copy, contextlib; typing for the annotations custom operators need);
  - avoids what the language subset leaves out: numpy, dataclasses, complex
    literals, bytes literals, the f-string '=' specifier, torch.compile;
  - never prints an address: data_ptr() only inside a comparison, no id();
  - draws random numbers (manual_seed, rand*, normal_, uniform_, bernoulli,
    multinomial, Generator) only inside the RNG ranges 191-200 and 296-299;
  - resets print options (profile="default") after changing them.

Usage: audit_programs.py [PROGRAM ...]   (default: all programs)
Exit status 0 iff no problems were found.
"""

import ast
import re
import sys

import eagertest_common as common
import program_audit  # (on the path through eagertest_common)

ALLOWED_MODULES = {"torch", "math", "collections", "functools", "itertools",
                   "operator", "copy", "contextlib", "os", "io", "warnings", "typing"}
RNG_RANGES = (range(191, 201), range(296, 300))
RNG_CALL = re.compile(r"\b(manual_seed|rand|randn|randint|randperm|rand_like|randn_like|"
                      r"randint_like|normal_|uniform_|bernoulli_?|multinomial|normal|Generator)\s*\(")
FSTRING_EQ = re.compile(r"\{[^{}]*[^=!<>]=\s*(![rsa])?(:[^{}]*)?\}")
COMPLEX_LIT = re.compile(r"\b\d+(\.\d*)?[jJ]\b")
BYTES_LIT = re.compile(r"(?<![\w])[bB][rR]?['\"]")


def audit(program, refc=None):
    text = program.read_text(encoding="utf-8")
    lines = text.splitlines()
    problems = program_audit.layout_problems(lines, 60, "exercises")
    tree = program_audit.parsed(program, text, problems)
    if tree is None:
        return problems
    for node in ast.walk(tree):
        problems += program_audit.node_problems(node, ALLOWED_MODULES)
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
        if not any(number in r for r in RNG_RANGES) and RNG_CALL.search(code):
            problems.append(f"line {i}: random numbers outside the RNG ranges 191-200 and 296-299")
    sets = [i for i, l in enumerate(lines) if "set_printoptions(" in l]
    if sets and 'profile="default"' not in lines[sets[-1]]:
        problems.append("print options are not reset with profile=\"default\" at the end")
    return problems


if __name__ == "__main__":
    sys.exit(program_audit.main(__doc__, common, audit))
