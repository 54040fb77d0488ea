#!/usr/bin/env python3
"""Check refc against the outputs the seed documents show.

Each case in cases/ is one code cell of a seed document (NNN_KK_name.py, run
as `playground.py`, the name the seeds' outputs use) and the output the seed
prints for it (NNN_KK_name.expected). The .expected file starts with header
lines:

  # env: NAME=VALUE      environment for the run (repeatable)
  # match: exact         the whole output (stdout and stderr, interleaved) is the text
  # match: lines         the text appears in the output as a contiguous block;
                         lines holding only `...` separate blocks, which must
                         appear in that order

and the rest is the seed's text, copied from the document. Both sides are
normalized the same way before comparing, for what the acceptance criteria
leave free ("modulo paths and line numbers"): absolute paths to playground.py
and to torch's files become relative (refc's built-in <frozen torch.x.y>
reads as torch/x/y.py), line numbers become N, object ids and
addresses become placeholders, the framework file a dynamic-shapes log line
names becomes (FRAMEWORK), and refc's op callables (bound to an overload
set) print as PyTorch's (bound to a class). Standard library only.

Seed 000 is a notebook whose outputs are not part of the document, so there
is no seed text to compare with: its cells that need no dynamic shapes run in
the behaviour suite instead (tests/dynamo/programs/06[0-3]_seed_*), where
PyTorch 2.14 supplies the expected output.

Usage: run_seeds.py --refc PATH [--one NAME] [CASE ...]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = Path(__file__).resolve().parent / "cases"
TIMEOUT_S = 60


def normalize(text):
    # refc's torch library is compiled into the binary: its files are named
    # <frozen torch.optim.adam> where PyTorch's are .../torch/optim/adam.py.
    text = re.sub(r"<frozen (torch(?:\.\w+)*)>", lambda m: m.group(1).replace(".", "/") + ".py", text)
    text = re.sub(r"[^\s\"'(]*/(torch/[\w/]+\.py)", r"\1", text)
    text = re.sub(r"(torch/[\w/]+\.py):\d+", r"\1:N", text)
    text = re.sub(r"[^\s\"'(]*/playground\.py", "playground.py", text)
    text = re.sub(r"[^\s\"'(]*/torch/fx/_lazy_graph_module\.py", "torch/fx/_lazy_graph_module.py", text)
    text = re.sub(r"playground\.py:\d+", "playground.py:N", text)
    text = re.sub(r"\bline \d+", "line N", text)
    text = re.sub(r"_at_\d+", "_at_N", text)
    text = re.sub(r"0x[0-9a-f]+", "0xADDR", text)
    # The framework code a dynamic-shapes log line names (PyTorch's
    # "(_dynamo/variables/builder.py:2718 in <lambda>)", refc's
    # "(symbolic/shape_env.cpp in create_size_symbol)").
    text = re.sub(r"\((?:_dynamo|symbolic)/[\w/]+\.(?:py|cpp)(?::\d+)? in [^()]*\)", "(FRAMEWORK)", text)
    text = re.sub(r"(___check_(?:obj|type)_id\([^,]+, )\d+", r"\1ID", text)
    text = re.sub(r"of \w+ object at 0xADDR", "of type object at 0xADDR", text)
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n")


def parse_expected(path):
    env, mode, body = {}, "exact", []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines) and lines[i].startswith("# "):
        key, _, value = lines[i][2:].partition(": ")
        if key == "env":
            name, _, val = value.partition("=")
            env[name] = val
        elif key == "match":
            mode = value
        else:
            raise ValueError(f"{path.name}: unknown header {lines[i]!r}")
        i += 1
    return env, mode, "\n".join(lines[i:])


def blocks_in_order(want, actual):
    """Whether each `...`-separated block of want is a run of whole lines of
    actual, each after the one before."""
    haystack, at = "\n" + actual + "\n", 0
    for block in re.split(r"(?m)^\.\.\.$", want):
        block = block.strip("\n")
        if not block:
            continue
        found = haystack.find("\n" + block + "\n", at)
        if found < 0:
            return False
        at = found + len(block) + 1
    return True


def run_case(refc, name):
    program = CASES / f"{name}.py"
    env_extra, mode, expected = parse_expected(CASES / f"{name}.expected")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH", "PYTHON"))}
    env.update(env_extra)
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(program, Path(tmp) / "playground.py")
        try:
            proc = subprocess.run([refc, "run", "playground.py"], cwd=tmp, env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return False, f"timed out after {TIMEOUT_S} s"
    actual = normalize(proc.stdout.decode("utf-8", "replace"))
    want = normalize(expected)
    ok = actual == want if mode == "exact" else blocks_in_order(want, actual)
    if ok:
        return True, ""
    return False, f"expected ({mode}):\n{want}\n--- actual:\n{actual}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", required=True, help="the refc executable")
    parser.add_argument("--one", help="check only this case")
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args()
    names = [args.one] if args.one else args.cases or sorted(p.stem for p in CASES.glob("*.py"))
    failed = 0
    for name in names:
        ok, detail = run_case(os.path.abspath(args.refc), name)
        print(("PASS " if ok else "FAIL ") + name)
        if not ok:
            failed += 1
            print("    " + detail.replace("\n", "\n    "))
    print(f"{len(names) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
