#!/usr/bin/env python3
"""Check refc's torch.compile against the PyTorch 2.14 goldens of tests/dynamo.

Each program runs as `REFC run NNN_name.py` with cwd tests/dynamo/programs,
stdin from /dev/null, the suite's environment (plus the program's line-2
`# env:` variables) and a timeout, the same way generate_golden.py ran the
PyTorch 2.14 peer. A program passes when its stdout bytes, its whole stderr
after dynamo_normalize.normalize (the same normalization the goldens went
through) and its exit status all equal the goldens. The command line is
golden_runner.py's (--help).
"""

import sys

import dynamotest_common as common
import golden_runner  # (on the path through dynamotest_common)

if __name__ == "__main__":
    sys.exit(golden_runner.main(golden_runner.Suite(
        script="run_dynamo.py", doc=__doc__, common=common, stand_in="tests/eager/peer_as_refc.sh",
        oracle="the PyTorch 2.14 peer", known_failures=common.KNOWN_FAILURES, normalized=True,
        self_check_args=" --ignore-known")))
