#!/usr/bin/env python3
"""Check refc's dynamic shapes against the PyTorch 2.14 goldens of tests/dynamic.

Usage: run_dynamic.py --refc PATH [--jobs N] [--json OUT] [--ignore-known] [PROGRAM ...]
       run_dynamic.py --refc PATH --one NAME
       run_dynamic.py --list

Each program runs as `REFC run NNN_name.py` with cwd tests/dynamic/programs,
stdin from /dev/null, the suite's environment (plus the program's line-2
`# env:` variables) and a timeout, the same way generate_golden.py ran the
PyTorch 2.14 peer. A program passes when its stdout bytes, its whole stderr
after dynamic_normalize.normalize (the same normalization the goldens went
through) and its exit status all equal the goldens.

Programs named in known_failures.txt are expected to fail (refc does not
implement what they check yet): such a failure is reported as XFAIL and does
not fail the run, but a listed program that passes fails the run (XPASS)
until it is removed from the list, so the list stays accurate.
"""

import sys
from pathlib import Path

import dynamictest_common as common

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import golden_runner  # noqa: E402

EPILOG = """\
Output: one block per failing program (a FAIL line, then a short, truncated
unified diff of what differed), XFAIL/XPASS lines for the known failures, then
a summary line `N passed, M failed, K known failures`.
Exit status: 0 iff no selected program failed and no known failure passed
(2 on usage errors).

Self-check: tests/eager/peer_as_refc.sh is a stand-in for refc that runs
programs under the PyTorch 2.14 peer, so
  tests/dynamic/run_dynamic.py --refc tests/eager/peer_as_refc.sh --ignore-known
must report 0 failed; that proves the goldens, the normalization and this
runner agree.

Single-program mode for ctest: run_dynamic.py --refc PATH --one 042
"""

SUITE = golden_runner.Suite(
    script="run_dynamic.py", doc=__doc__, epilog=EPILOG,
    refc_help="the refc executable (or tests/eager/peer_as_refc.sh)", common=common,
    stderr_of=common.normalized_stderr,
    stderr_diff=lambda want, got: golden_runner.unified(want, got, "stderr (normalized)"),
    known_failures=common.KNOWN_FAILURES)

if __name__ == "__main__":
    sys.exit(golden_runner.main(SUITE))
