#!/usr/bin/env python3
"""Check refc's eager torch module against the PyTorch 2.14 goldens of tests/eager.

Usage: run_eager.py --refc PATH [--jobs N] [--json OUT] [PROGRAM ...]
       run_eager.py --refc PATH --one NAME
       run_eager.py --list

Each program runs as `REFC run NNN_name.py` with cwd tests/eager/programs,
stdin from /dev/null, a fixed environment and a 20 s timeout (the same way
generate_golden.py ran the PyTorch 2.14 peer). A program passes when its
stdout bytes, the last line of its stderr and its exit status all equal the
goldens; nothing is normalised.

Programs named in known_failures.txt are expected to fail (the eager runtime
does not cover them yet): such a failure is reported as XFAIL and does not
fail the run, but a listed program that passes fails the run (XPASS) until
it is removed from the list, so the list only shrinks.
"""

import sys
from pathlib import Path

import eagertest_common as common

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import golden_runner  # noqa: E402

EPILOG = """\
Output: one block per failing program (a FAIL line, then a short, truncated
unified diff of what differed), XFAIL/XPASS lines for the known failures, then
a summary line `N passed, M failed, K known failures`.
Exit status: 0 iff no selected program failed and no known failure passed
(2 on usage errors).

Self-check: tests/eager/peer_as_refc.sh is a stand-in for refc that runs
programs under the PyTorch 2.14 peer (shared/peer/torch-peer), so
  tests/eager/run_eager.py --refc tests/eager/peer_as_refc.sh
must report 0 failed; that proves the goldens and this runner agree.

Single-program mode for ctest: run_eager.py --refc PATH --one 042
"""

SUITE = golden_runner.Suite(
    script="run_eager.py", doc=__doc__, epilog=EPILOG,
    refc_help="the refc executable (or tests/eager/peer_as_refc.sh)", common=common,
    stderr_of=lambda outcome, program: outcome.err_line, stderr_diff=golden_runner.last_line_diff,
    known_failures=Path(__file__).resolve().parent / "known_failures.txt")

if __name__ == "__main__":
    sys.exit(golden_runner.main(SUITE))
