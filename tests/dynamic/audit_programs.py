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

import ast
import importlib.util
import re
import sys

import dynamictest_common as common
import program_audit  # (on the path through dynamictest_common)

SYMBOL_NAME = re.compile(r"^(?:s|u|zf|zuf)\d+$")


def _dynamo_audit():
    """tests/dynamo/audit_programs.py as a module of its own."""
    path = common.DYNAMIC_DIR.parent / "dynamo" / "audit_programs.py"
    spec = importlib.util.spec_from_file_location("dynamo_audit_programs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DYNAMO_AUDIT = _dynamo_audit()
# set_logs takes logging levels.
ALLOWED_MODULES = DYNAMO_AUDIT.ALLOWED_MODULES | {"logging"}


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


def audit(program, refc):
    return DYNAMO_AUDIT.audit(program, refc, ALLOWED_MODULES) + audit_dynamic(program)


if __name__ == "__main__":
    sys.exit(program_audit.main(__doc__, common, audit, refc_option=True))
