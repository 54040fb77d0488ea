#!/usr/bin/env python3
"""Check refc's dynamic shapes against the PyTorch 2.14 goldens of tests/dynamic.

Programs run and are compared the way tests/dynamo/run_dynamo.py runs and
compares its own, with cwd tests/dynamic/programs and the dynamic-shapes
normalization (dynamic_normalize.normalize, which the goldens went through
too). The command line is golden_runner.py's (--help).
"""

import sys

import dynamictest_common as common
import golden_runner  # (on the path through dynamictest_common)

if __name__ == "__main__":
    sys.exit(golden_runner.main(golden_runner.Suite(
        script="run_dynamic.py", doc=__doc__, common=common, stand_in="tests/eager/peer_as_refc.sh",
        oracle="the PyTorch 2.14 peer", known_failures=common.KNOWN_FAILURES, normalized=True,
        self_check_args=" --ignore-known")))
