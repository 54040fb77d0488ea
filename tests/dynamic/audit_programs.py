#!/usr/bin/env python3
"""Static lint for tests/dynamic programs (standard library only; needs no torch).

Every check of the Dynamo suite's lint (tests/dynamo/audit_programs.py:
naming, a first-line comment, 10-40 lines, a well-formed `# env:` line, the
allowed imports, an explicit backend in every compile, no numpy, id() or
bytes, and with --refc PATH acceptance by `refc dis`), with `logging` added
to the allowed imports (set_logs takes logging levels). Then the checks of
this suite:
  - the program compares compiled and eager results (torch.allclose or
    torch.equal), so every call shows whether the two agree;
  - no variable is named like a symbol (`s0`, `u1`, `zf2`): graph code
    prints source lines, and the normalization renumbers such names;
  - a loop variable that runs over float constants and is passed to a call
    needs `torch._dynamo.config.specialize_float` set explicitly (refc's
    default, the seeds', is True; 2.14's is False).

Usage: audit_programs.py [--refc PATH] [PROGRAM ...]   (default: all programs)
Exit status 0 iff no problems were found.
"""

import argparse
import ast
import importlib.util
import re
import sys
from pathlib import Path

import dynamictest_common as common

SYMBOL_NAME = re.compile(r"^(?:s|u|zf|zuf)\d+$")


def _dynamo_audit():
    """tests/dynamo/audit_programs.py as a module of its own, allowing `logging`."""
    path = common.DYNAMIC_DIR.parent / "dynamo" / "audit_programs.py"
    spec = importlib.util.spec_from_file_location("dynamo_audit_programs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.ALLOWED_MODULES = module.ALLOWED_MODULES | {"logging"}
    return module


def _float_loop_names(tree):
    """Names bound by `for NAME in (<float constants>)` loops."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) \
                and isinstance(node.iter, (ast.Tuple, ast.List)) and node.iter.elts \
                and all(isinstance(e, ast.Constant) and isinstance(e.value, float) for e in node.iter.elts):
            names.add(node.target.id)
    return names


def audit_dynamic(program):
    """The checks of this suite (see the module doc)."""
    text = program.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text, filename=program.name)
    except SyntaxError:
        return []  # the Dynamo checks report it
    problems = []
    if not re.search(r"\btorch\.(allclose|equal)\(", text):
        problems.append("never compares compiled and eager results (torch.allclose / torch.equal)")
    for node in ast.walk(tree):
        name = node.id if isinstance(node, ast.Name) else node.arg if isinstance(node, ast.arg) else None
        if name and SYMBOL_NAME.match(name):
            problems.append(f"line {node.lineno}: the name {name!r} looks like a symbol")
    floats = _float_loop_names(tree)
    passed = {a.id for node in ast.walk(tree) if isinstance(node, ast.Call)
              for a in node.args if isinstance(a, ast.Name)}
    code = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    if floats & passed and not re.search(r"\bspecialize_float\s*=", code):
        problems.append("passes a float loop variable to a call without setting specialize_float")
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
    dynamo_audit = _dynamo_audit()
    count = 0
    for program in programs:
        for problem in dynamo_audit.audit(program, args.refc) + audit_dynamic(program):
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
