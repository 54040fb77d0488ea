#!/usr/bin/env python3
"""Record PyTorch 2.14's behaviour on every tests/dynamo program as goldens.

For each programs/NNN_name.py this writes golden/NNN_name.out (exact stdout
bytes), golden/NNN_name.err (the whole stderr after dynamo_normalize.normalize,
the same normalization run_dynamo.py applies to refc) and golden/NNN_name.code
(exit status as a decimal line). Programs run under the torch peer
(shared/peer/torch-peer) the way tests/eager runs them (see
dynamotest_common.py), plus the variables of a line-2 `# env:` comment. Each
program is run twice; nothing is written for a program whose two runs differ
(stdout, normalized stderr or status), that runs into the timeout, or whose
output still shows a machine path or an object address after normalization.

CI never runs this: the goldens are committed.

Usage: generate_golden.py --help (the command line of tests/golden_peer.py).
"""

import sys

import dynamotest_common as common
import golden_peer  # (on the path through dynamotest_common)

if __name__ == "__main__":
    sys.exit(golden_peer.main(__doc__, common, [golden_peer.peer_failed, golden_peer.no_leaks],
                              validate=common.program_env_words))
