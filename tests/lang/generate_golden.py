#!/usr/bin/env python3
"""Record CPython 3.11's behaviour on every tests/lang program as goldens.

For each programs/NNN_name.py this writes golden/NNN_name.out (exact stdout
bytes), golden/NNN_name.err (last stderr line, no trailing newline, empty if
none) and golden/NNN_name.code (exit status as a decimal line). Programs run
under the interpreter running this script, which must be Python 3.11 (the
oracle of LANGUAGE.md), with the cwd, arguments, environment and timeout
defined in langtest_common.py. Each program is run twice and must behave
identically both times, else nothing is written for it and the script fails.

Usage: generate_golden.py [--check] [--jobs N] [PROGRAM ...]   (see --help)
"""

import sys

import langtest_common as common
import golden_programs  # (on the path through langtest_common)


def main():
    args = golden_programs.generator_arguments(__doc__).parse_args()
    if sys.version_info[:2] != (3, 11):
        sys.exit("generate_golden.py: refusing to write goldens: the oracle must be "
                 f"Python 3.11, but this is Python {sys.version.split()[0]} ({sys.executable})")

    def run(program, timeout):
        return common.run_program([sys.executable], program, timeout)

    return golden_programs.generate(common, args, lambda p: golden_programs.record_twice(
        run, p, common.TIMEOUT_S, common.PROGRAMS.golden_bytes))


if __name__ == "__main__":
    sys.exit(main())
