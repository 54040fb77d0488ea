#!/usr/bin/env python3
"""Check refc on model files against the PyTorch 2.14 goldens of tests/models.

Each program runs as `REFC run NNN_name.py` with cwd tests/models/programs,
stdin from /dev/null, a fixed environment and a 60 s timeout (the same way
generate_golden.py ran the PyTorch 2.14 peer). A program passes when its
stdout bytes, the last line of its stderr and its exit status all equal the
goldens; nothing is normalised. The command line is golden_runner.py's
(--help).
"""

import sys

import modeltest_common as common
import golden_runner  # (on the path through modeltest_common)

if __name__ == "__main__":
    sys.exit(golden_runner.main(golden_runner.Suite(
        script="run_models.py", doc=__doc__, common=common, stand_in="tests/eager/peer_as_refc.sh",
        oracle="the PyTorch 2.14 peer (shared/peer/torch-peer)",
        known_failures=common.MODELS_DIR / "known_failures.txt")))
