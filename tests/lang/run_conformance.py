#!/usr/bin/env python3
"""Check refc's interpreter against the CPython 3.11 goldens of tests/lang.

Usage: run_conformance.py --refc PATH [--jobs N] [--json OUT] [PROGRAM ...]
       run_conformance.py --refc PATH --one NAME
       run_conformance.py --list

Each program runs as `REFC run NNN_name.py` with cwd tests/lang/programs,
stdin from /dev/null, a fixed environment and a 20 s timeout (the same way
generate_golden.py ran CPython). A program passes when its stdout bytes, the
last line of its stderr and its exit status all equal the goldens.
"""

import sys
from pathlib import Path

import langtest_common as common

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import golden_runner  # noqa: E402

EPILOG = """\
Output: one block per failing program (a FAIL line, then a short, truncated
unified diff of what differed), then a summary line `N passed, M failed`.
Exit status: 0 iff every selected program passed (2 on usage errors).

Self-check: tests/lang/python3_as_refc.sh is a stand-in for refc that runs
programs under python3, so
  tests/lang/run_conformance.py --refc tests/lang/python3_as_refc.sh
must report 0 failed; that proves the goldens and this runner agree.

Single-program mode for ctest: run_conformance.py --refc PATH --one 042
"""

SUITE = golden_runner.Suite(
    script="run_conformance.py", doc=__doc__, epilog=EPILOG,
    refc_help="the refc executable (or tests/lang/python3_as_refc.sh)", common=common,
    stderr_of=lambda outcome, program: outcome.err_line, stderr_diff=golden_runner.last_line_diff)

if __name__ == "__main__":
    sys.exit(golden_runner.main(SUITE))
