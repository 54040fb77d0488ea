"""What the program lints of the torch suites (tests/eager, tests/dynamo,
tests/dynamic audit_programs.py) share: the checks of a parsed program every
one of them makes, and the command line that audits the selected programs
and reports. Standard library only.
"""

import argparse
import ast
from pathlib import Path

import golden_programs


def layout_problems(lines, max_lines, verb):
    """Line 1 must be a '# ' comment saying what the program `verb`s, and the
    program 10 to `max_lines` lines long."""
    problems = []
    if not lines or not lines[0].startswith("# ") or len(lines[0]) < 12:
        problems.append(f"line 1 must be a '# ' comment saying what the program {verb}")
    if not 10 <= len(lines) <= max_lines:
        problems.append(f"has {len(lines)} lines (want 10-{max_lines})")
    return problems


def parsed(program, text, problems):
    """The program's ast, or None with its syntax error added to `problems`."""
    try:
        return ast.parse(text, filename=program.name)
    except SyntaxError as exc:
        problems.append(f"does not parse: {exc}")
        return None


def node_problems(node, allowed_modules):
    """What one ast node breaks of the common rules: an import outside
    `allowed_modules`, an id() call (it prints an address), a bytes or
    complex literal."""
    problems = []
    names = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        names = [node.module or ""]
    for name in names:
        if name.split(".")[0] not in allowed_modules:
            problems.append(f"line {node.lineno}: imports {name}")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id":
        problems.append(f"line {node.lineno}: id() prints an address")
    if isinstance(node, ast.Constant) and isinstance(node.value, (bytes, complex)):
        problems.append(f"line {node.lineno}: {type(node.value).__name__} literal")
    return problems


def main(doc, common, audit, refc_option=False):
    """Audits the programs named on the command line (all by default) with
    audit(program, refc) -> problems, then checks that no number is used
    twice. Returns the exit status: 0 iff no problems were found."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    if refc_option:
        parser.add_argument("--refc", metavar="PATH",
                            help="also check that `refc dis` accepts each program")
    parser.add_argument("programs", nargs="*", metavar="PROGRAM")
    args = parser.parse_args()
    refc = getattr(args, "refc", None)
    if refc and "/" in refc:
        refc = str(Path(refc).resolve())
    programs = golden_programs.select_programs(common, args.programs, "audit_programs.py")
    count = 0
    for program in programs:
        for problem in audit(program, refc):
            print(f"{program.name}: {problem}")
            count += 1
    numbers = [p.name[:3] for p in common.all_programs()]
    for dup in sorted({n for n in numbers if numbers.count(n) > 1}):
        print(f"number {dup} is used twice")
        count += 1
    print(f"{len(programs)} programs audited, {count} problems")
    return 1 if count else 0
