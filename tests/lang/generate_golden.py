#!/usr/bin/env python3
"""Record CPython 3.11's behaviour on every tests/lang program as goldens.

For each programs/NNN_name.py this writes golden/NNN_name.out (exact stdout
bytes), golden/NNN_name.err (last stderr line, no trailing newline, empty if
none) and golden/NNN_name.code (exit status as a decimal line). Programs run
under the interpreter running this script, which must be Python 3.11 (the
oracle of LANGUAGE.md), with the cwd, arguments, environment and timeout
defined in langtest_common.py. Each program is run twice and must behave
identically both times, else nothing is written for it and the script fails.

Usage:
  generate_golden.py [--check] [--jobs N] [PROGRAM ...]

  PROGRAM   NNN, NNN_name or NNN_name.py (default: all programs; stale
            goldens of deleted programs are then removed)
  --check   do not write; exit 1 if any golden differs from a fresh run
"""

import argparse
import os
import sys

import langtest_common as common
import golden_programs  # (on the path through langtest_common)


def record(program):
    """Run a program twice; return (golden contents or None, problem or None)."""
    first = common.run_program([sys.executable], program)
    second = common.run_program([sys.executable], program)
    if first.timed_out or second.timed_out:
        return None, f"timed out after {common.TIMEOUT_S:.0f} s"
    if first.code is not None and first.code < 0:
        return None, f"killed by signal {-first.code}"
    if (first.stdout, first.err_line, first.code) != (second.stdout, second.err_line, second.code):
        return None, "not deterministic: two runs differ"
    return golden_bytes(first), None


def golden_bytes(outcome):
    """The three golden files' contents for an outcome."""
    return (outcome.stdout,
            outcome.err_line.encode("utf-8"),
            f"{outcome.code}\n".encode("ascii"))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("programs", nargs="*", metavar="PROGRAM")
    parser.add_argument("--check", action="store_true",
                        help="compare with the stored goldens instead of writing them")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    if sys.version_info[:2] != (3, 11):
        sys.exit("generate_golden.py: refusing to write goldens: the oracle must be "
                 f"Python 3.11, but this is Python {sys.version.split()[0]} ({sys.executable})")

    try:
        programs = ([common.resolve_program(n) for n in args.programs]
                    if args.programs else common.all_programs())
    except ValueError as exc:
        sys.exit(f"generate_golden.py: {exc}")
    if not programs:
        sys.exit(f"generate_golden.py: no programs under {common.PROGRAMS_DIR}")

    return golden_programs.write_goldens(common.GOLDEN_DIR, programs, record, check=args.check,
                                         jobs=args.jobs, whole_suite=not args.programs)

if __name__ == "__main__":
    sys.exit(main())
