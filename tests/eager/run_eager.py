#!/usr/bin/env python3
"""Check refc's eager torch module against the PyTorch 2.14 goldens of tests/eager.

Each program runs as `REFC run NNN_name.py` with cwd tests/eager/programs,
stdin from /dev/null, a fixed environment and a 20 s timeout (the same way
generate_golden.py ran the PyTorch 2.14 peer). A program passes when its
stdout bytes, the last line of its stderr and its exit status all equal the
goldens; nothing is normalised. The command line is golden_runner.py's
(--help).
"""

import sys

import eagertest_common as common
import golden_runner  # (on the path through eagertest_common)

if __name__ == "__main__":
    sys.exit(golden_runner.main(golden_runner.Suite(
        script="run_eager.py", doc=__doc__, common=common, stand_in="tests/eager/peer_as_refc.sh",
        oracle="the PyTorch 2.14 peer (shared/peer/torch-peer)",
        known_failures=common.EAGER_DIR / "known_failures.txt")))
