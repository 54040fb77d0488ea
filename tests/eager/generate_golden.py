#!/usr/bin/env python3
"""Record PyTorch 2.14's behaviour on every tests/eager program as goldens.

For each programs/NNN_name.py this writes golden/NNN_name.out (exact stdout
bytes), golden/NNN_name.err (last stderr line, no trailing newline, empty if
none) and golden/NNN_name.code (exit status as a decimal line). Programs run
under the torch peer (shared/peer/torch-peer: a Debian sid chroot holding
python3-torch 2.14, built by shared/peer/setup-torch-peer) with the cwd,
arguments, environment and timeout defined in eagertest_common.py. Each
program is run twice and must behave identically both times, else nothing is
written for it and the script fails. A program that exits 0 must also write
nothing to stderr (a warning would make the golden depend on warning text).

CI never runs this: the goldens are committed.

Usage: generate_golden.py --help (the command line of tests/golden_peer.py).
"""

import sys

import eagertest_common as common
import golden_peer  # (on the path through eagertest_common)


def quiet_on_success(program, outcome, data):
    """A program that exits 0 must write nothing to stderr."""
    if outcome.code == 0 and outcome.stderr.strip():
        return f"exit 0 but stderr is not empty: {outcome.err_line!r}"
    return None


if __name__ == "__main__":
    sys.exit(golden_peer.main(__doc__, common, [quiet_on_success, golden_peer.peer_failed]))
