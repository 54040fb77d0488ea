#!/usr/bin/env python3
"""comptime.breakpoint() through a pipe: breakpoint_prog.py runs with
breakpoint_prog.stdin as its stdin (pdb commands using `ctx`), and its stdout
must be what PyTorch 2.14 printed for the same input (breakpoint_prog.out,
recorded with --record from the torch peer and committed). Compared after
four rules, each for a difference that is not refc's to match: pdb's own
location lines (`--Return--`, `> .../comptime.py(430)inner()`: the seeds
show Python 3.11's pdb, the peer runs 3.14's, and the file is torch's),
paths of the program (written as its basename), Python 3.11+ column
markers under source lines (3.14 places them differently), and in
`ctx.print_guards()` the guards on `G['__import_...']`, the globals 2.14
installs for the modules of functions it inlines (comptime.breakpoint's
own module here), which refc reads unguarded. Standard library only.

  comptime_breakpoint_test.py --refc PATH       check refc (exit 0/1)
  comptime_breakpoint_test.py --record PEER     write breakpoint_prog.out from the peer
                                                (its chroot: .peer/sid of the repository)
"""

import argparse
import difflib
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "breakpoint_prog.py"
STDIN = HERE / "breakpoint_prog.stdin"
GOLDEN = HERE / "breakpoint_prog.out"
PEER_ROOT = HERE.parents[2] / ".peer" / "sid"

_PDB_LOCATION = re.compile(r"^(--Return--|> .+\(\d+\)inner\(\)(->None)?)$")
_PROGRAM_PATH = re.compile(r"[^\s\"]*/" + re.escape(PROGRAM.name))
_MARKERS = re.compile(r"^\s*[\^~][\^~ ]*$")
# One Guard's repr (torch._guards.Guard.__repr__) whose source is such a global.
_IMPORT_GUARD = re.compile(r"\n {8}\w+ \"G\['__import_[^\"]*\" \w+\n {8}\{\n(?: {12}.*\n){4} {8}\}\n {8}\n")


def normalize(text):
    lines = []
    for line in _IMPORT_GUARD.sub("", text).splitlines():
        if _PDB_LOCATION.match(line) or _MARKERS.match(line):
            continue
        lines.append(_PROGRAM_PATH.sub(PROGRAM.name, line))
    return "\n".join(lines) + "\n"


def run(argv):
    with open(STDIN, "rb") as stdin:
        done = subprocess.run(argv + [PROGRAM.name], cwd=HERE, stdin=stdin, capture_output=True, timeout=120)
    if done.returncode != 0:
        sys.exit("%s exited %d:\n%s" % (argv[0], done.returncode, done.stderr.decode(errors="replace")))
    return done.stdout.decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--refc", help="the refc binary to check")
    mode.add_argument("--record", metavar="PEER", help="the torch-peer script: record the golden")
    args = parser.parse_args()
    if args.record:
        GOLDEN.write_text(run([args.record, "--root", str(PEER_ROOT)]))
        print("recorded", GOLDEN.name)
        return 0
    expected, actual = normalize(GOLDEN.read_text()), normalize(run([str(Path(args.refc).resolve()), "run"]))
    if expected == actual:
        print("comptime breakpoint: stdout matches PyTorch 2.14's")
        return 0
    sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                               "PyTorch 2.14 (normalized)", "refc (normalized)"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
