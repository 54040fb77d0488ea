#!/usr/bin/env python3
"""Regenerates golden.txt, the oracle of tests/unit/parser_test.cpp, from CPython 3.11.

For each snippet in ok/ and each program in tests/lang/programs/ that CPython
parses, it records ast.dump(tree) and ast.dump(tree, include_attributes=True)
(as FNV-1a hashes for the programs, which are large). For each snippet in
errors/ and each program CPython rejects, it runs `python3 FILE` and records the
SyntaxError's class, msg, lineno, offset, end_lineno and end_offset (taken by an
excepthook, so they are exactly what CPython reports for a file) and the text
it prints, with the file's path replaced by FILE. The snippets in unsupported/
use constructs refc rejects on purpose; their expected errors are listed below.

Usage: python3 tests/unit/parser_cases/generate.py   (then commit golden.txt)
"""
import ast
import json
import os
import subprocess
import sys
import tempfile

assert sys.version_info[:2] == (3, 11), "generate the golden file with CPython 3.11"

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
PROGRAMS = os.path.join(ROOT, "tests", "lang", "programs")

# refc's own errors for constructs outside the subset: kind, msg, lineno, offset.
UNSUPPORTED = {
    'async_comprehension.py': ('SyntaxError', "'async' is not supported by refc", 2, 15),
    'async_def.py': ('SyntaxError', "'async' is not supported by refc", 1, 1),
    'async_for.py': ('SyntaxError', "'async' is not supported by refc", 1, 1),
    'async_with.py': ('SyntaxError', "'async' is not supported by refc", 2, 5),
    'await_expr.py': ('SyntaxError', "'await' is not supported by refc", 2, 5),
    'complex_literal.py': ('SyntaxError', 'complex numbers are not supported by refc', 1, 5),
    'complex_literal_float.py': ('SyntaxError', 'complex numbers are not supported by refc', 1, 5),
    'except_star.py': ('SyntaxError', "'except*' is not supported by refc", 3, 7),
    'match_stmt.py': ('SyntaxError', "'match' statements are not supported by refc", 1, 1),
    'name_escape.py': ('SyntaxError', '\\N{...} escapes are not supported by refc', 1, 27),
    'too_complex_attr.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 6006),
    'too_complex_call.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 6006),
    'too_complex_chain.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 12007),
    'too_complex_ifexp.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 36005),
    'too_complex_lambda.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 24005),
    'too_complex_not.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 12005),
    'too_complex_power.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 15007),
    'too_complex_unary.py': ('SyntaxError', 'too complex: expressions nested more than 3000 levels deep', 1, 3005),
}

HOOK = """
import json, sys
def _hook(t, e, tb):
    if isinstance(e, SyntaxError):
        sys.stderr.write('@@' + json.dumps([t.__name__, e.msg, e.lineno, e.offset,
                                            e.end_lineno, e.end_offset]) + '\\n')
    sys.__excepthook__(t, e, tb)
sys.excepthook = _hook
"""


def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def field(name, dump):
    # Long dumps are kept as hashes so the golden file stays reviewable.
    return f"{name} {dump}" if len(dump) <= 4000 else f"{name}_fnv {fnv1a(dump)}"


def run_cpython(path, hook_dir):
    env = dict(os.environ, PYTHONPATH=hook_dir, PYTHONIOENCODING="utf-8")
    r = subprocess.run([sys.executable, path], cwd=os.path.dirname(path), env=env,
                       capture_output=True, timeout=60)
    lines = r.stderr.decode("utf-8", "replace").replace(path, "FILE").split("\n")
    info = [l for l in lines if l.startswith("@@")]
    if not info:
        raise SystemExit(f"{path}: CPython raised no SyntaxError")
    rest = [l for l in lines if not l.startswith("@@")]
    # Drop warnings printed before the error (refc does not print them).
    start = next(i for i, l in enumerate(rest)
                 if l.startswith('  File "FILE"') or l.split(":")[0] in ("SyntaxError", "IndentationError", "TabError"))
    text = "\n".join(rest[start:]).rstrip("\n") + "\n"
    return json.loads(info[0][2:]), text


def error_record(rel, path, hook_dir):
    (kind, msg, lineno, offset, end_lineno, end_offset), stderr = run_cpython(path, hook_dir)
    out = [f"case {rel}", f"error {kind}", f"msg {msg}",
           "loc %d %d %d %d" % tuple(v or 0 for v in (lineno, offset, end_lineno, end_offset))]
    stderr_lines = stderr.split("\n")[:-1]
    out.append(f"stderr {len(stderr_lines)}")
    out.extend(stderr_lines)
    return out


def main():
    records = []
    with tempfile.TemporaryDirectory() as hook_dir:
        with open(os.path.join(hook_dir, "sitecustomize.py"), "w") as f:
            f.write(HOOK)
        for name in sorted(os.listdir(os.path.join(HERE, "ok"))):
            path = os.path.join(HERE, "ok", name)
            tree = ast.parse(open(path, "rb").read())
            records.append([f"case ok/{name}", field("dump", ast.dump(tree)),
                            field("attrs", ast.dump(tree, include_attributes=True))])
        for name in sorted(os.listdir(os.path.join(HERE, "errors"))):
            records.append(error_record(f"errors/{name}", os.path.join(HERE, "errors", name), hook_dir))
        for name in sorted(os.listdir(os.path.join(HERE, "unsupported"))):
            kind, msg, lineno, offset = UNSUPPORTED[name]
            records.append([f"case unsupported/{name}", f"error {kind}", f"msg {msg}",
                            f"loc {lineno} {offset}"])
        if os.path.isdir(PROGRAMS):
            for name in sorted(os.listdir(PROGRAMS)):
                if not name.endswith(".py"):
                    continue
                path = os.path.join(PROGRAMS, name)
                try:
                    tree = ast.parse(open(path, "rb").read())
                except SyntaxError:
                    records.append(error_record(f"programs/{name}", path, hook_dir))
                    continue
                records.append([f"case programs/{name}", field("dump", ast.dump(tree)),
                                "attrs_fnv " + fnv1a(ast.dump(tree, include_attributes=True))])
    with open(os.path.join(HERE, "golden.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# Generated by generate.py with CPython {sys.version.split()[0]}; do not edit.\n")
        for r in records:
            f.write("\n".join(r) + "\n")
    print(f"{len(records)} cases written to golden.txt")


if __name__ == "__main__":
    main()
