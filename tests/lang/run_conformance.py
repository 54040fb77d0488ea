#!/usr/bin/env python3
"""Check refc's interpreter against the CPython 3.11 goldens of tests/lang.

Each program runs as `REFC run NNN_name.py` with cwd tests/lang/programs,
stdin from /dev/null, a fixed environment and a 20 s timeout (the same way
generate_golden.py ran CPython). A program passes when its stdout bytes, the
last line of its stderr and its exit status all equal the goldens. The
command line is golden_runner.py's (--help).
"""

import sys

import langtest_common as common
import golden_runner  # (on the path through langtest_common)

if __name__ == "__main__":
    sys.exit(golden_runner.main(golden_runner.Suite(
        script="run_conformance.py", doc=__doc__, common=common,
        stand_in="tests/lang/python3_as_refc.sh", oracle="python3")))
