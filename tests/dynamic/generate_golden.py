#!/usr/bin/env python3
"""Record PyTorch 2.14's behaviour on every tests/dynamic program as goldens.

The goldens are recorded as tests/dynamo/generate_golden.py records its own
(see there: the torch peer, the line-2 `# env:` variables, two runs that must
agree, no path or address left), with stderr after dynamic_normalize.normalize,
the same normalization run_dynamic.py applies to refc. Refused besides: a
program whose stdout shows a symbol name (2.14 hashes them, refc numbers them,
and stdout is compared byte for byte), or whose printed expressions order two
symbols by 2.14's hashed names (dynamic_normalize rule D5 could not make them
comparable; rename the program's inputs).

CI never runs this: the goldens are committed.

Usage: generate_golden.py --help (the command line of tests/golden_peer.py).
"""

import re
import sys

import dynamictest_common as common
import dynamic_normalize
import golden_peer  # (on the path through dynamictest_common)

# A symbol name in stdout (see the module doc).
STDOUT_SYMBOL = re.compile(r"\b(?:s|u|zf|zuf)\d+\b")


def no_stdout_symbol(program, outcome, data):
    symbol = STDOUT_SYMBOL.search(data[0].decode("utf-8", "replace"))
    return f"stdout shows the symbol {symbol.group(0)!r}" if symbol else None


def no_hashed_order(program, outcome, data):
    conflicts = dynamic_normalize.symbol_order_conflicts(outcome.stderr.decode("utf-8", "replace"),
                                                         program.name)
    return f"symbols ordered by 2.14's hashed names: {conflicts[0]}" if conflicts else None


if __name__ == "__main__":
    sys.exit(golden_peer.main(__doc__, common,
                              [golden_peer.peer_failed, golden_peer.no_leaks, no_stdout_symbol,
                               no_hashed_order],
                              validate=common.program_env_words))
