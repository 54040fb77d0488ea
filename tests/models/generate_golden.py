#!/usr/bin/env python3
"""Record PyTorch 2.14's behaviour on every tests/models program as goldens.

For each programs/NNN_name.py this writes golden/NNN_name.out (exact stdout
bytes), golden/NNN_name.err (last stderr line, no trailing newline, empty if
none) and golden/NNN_name.code (exit status as a decimal line), running the
program twice under the torch peer (shared/peer/torch-peer) with the cwd,
arguments, environment and timeout of modeltest_common.py; a program whose
two runs differ gets nothing written. CI never runs this: the goldens are
committed.

Usage: generate_golden.py --help (the command line of tests/golden_peer.py).
"""

import sys

import modeltest_common as common
import golden_peer  # (on the path through modeltest_common)

if __name__ == "__main__":
    sys.exit(golden_peer.main(__doc__, common, [golden_peer.peer_failed]))
