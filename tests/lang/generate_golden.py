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
import concurrent.futures
import os
import sys

import langtest_common as common


def record(program):
    """Run a program twice; return (program, outcome, problem-or-None)."""
    first = common.run_program([sys.executable], program)
    second = common.run_program([sys.executable], program)
    if first.timed_out or second.timed_out:
        return program, first, f"timed out after {common.TIMEOUT_S:.0f} s"
    if first.code is not None and first.code < 0:
        return program, first, f"killed by signal {-first.code}"
    if (first.stdout, first.err_line, first.code) != (second.stdout, second.err_line, second.code):
        return program, first, "not deterministic: two runs differ"
    return program, first, None


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

    common.GOLDEN_DIR.mkdir(exist_ok=True)
    problems, stale, written = [], [], 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for program, outcome, problem in pool.map(record, programs):
            if problem:
                problems.append(f"{program.name}: {problem}")
                continue
            paths = common.golden_paths(program)
            for path, data in zip(paths, golden_bytes(outcome)):
                if args.check:
                    if not path.is_file() or path.read_bytes() != data:
                        stale.append(path.name)
                elif not path.is_file() or path.read_bytes() != data:
                    path.write_bytes(data)
                    written += 1

    if not args.programs:
        known = {p.stem for p in programs}
        for path in sorted(common.GOLDEN_DIR.iterdir()):
            if path.suffix in (".out", ".err", ".code") and path.stem not in known:
                if args.check:
                    stale.append(f"{path.name} (no such program)")
                else:
                    path.unlink()

    for line in problems:
        print(f"ERROR {line}", file=sys.stderr)
    if args.check:
        for name in stale:
            print(f"STALE {name}")
        print(f"{len(programs)} programs checked, {len(stale)} stale goldens, {len(problems)} errors")
        return 1 if stale or problems else 0
    print(f"{len(programs) - len(problems)} programs recorded, {written} golden files changed, "
          f"{len(problems)} errors")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
