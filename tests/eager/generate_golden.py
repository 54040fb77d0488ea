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

Usage:
  generate_golden.py [--check] [--jobs N] [--timeout S] [--peer PATH] [--peer-root DIR] [PROGRAM ...]

  PROGRAM      NNN, NNN_name or NNN_name.py (default: all programs; stale
               goldens of deleted programs are then removed)
  --check      do not write; exit 1 if any golden differs from a fresh run
  --peer       the torch-peer script (default: $REFC_TORCH_PEER, else
               ../shared/peer/torch-peer relative to the repository root)
  --peer-root  the peer's chroot (default: $PEER_ROOT, else .peer/sid under
               the repository root)
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

import eagertest_common as common
import golden_programs  # (on the path through eagertest_common)

PROBE = ("import sys, torch\n"
         "print(torch.__version__, '%d.%d' % sys.version_info[:2])\n")


def probe_peer(prefix):
    """The peer's 'torch-version python-version' line; exits on failure."""
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "refc_eager_probe.py"
        probe.write_text(PROBE, encoding="utf-8")
        got = common.run_program(prefix, probe, 120)
    if got.code != 0:
        sys.exit("generate_golden.py: the torch peer does not work "
                 f"({' '.join(prefix)}): exit {got.code}: {got.err_line}")
    return got.stdout.decode("utf-8", "replace").strip()


def record(prefix, program, timeout):
    """Run a program twice; return (golden contents or None, problem or None)."""
    first = common.run_program(prefix, program, timeout)
    second = common.run_program(prefix, program, timeout)
    if first.timed_out or second.timed_out:
        return None, f"timed out after {timeout:g} s"
    if first.code is not None and first.code < 0:
        return None, f"killed by signal {-first.code}"
    if (first.stdout, first.err_line, first.code) != (second.stdout, second.err_line, second.code):
        return None, "not deterministic: two runs differ"
    if first.code == 0 and first.stderr.strip():
        return None, f"exit 0 but stderr is not empty: {first.err_line!r}"
    if first.code == 2 and "torch-peer:" in first.err_line:
        return None, f"the peer failed: {first.err_line}"
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
    parser.add_argument("--timeout", type=float, default=common.TIMEOUT_S, metavar="S",
                        help="per-run timeout in seconds (default %(default)g; raise it on a "
                             "loaded machine: the peer's import of torch alone takes seconds)")
    parser.add_argument("--peer", default=common.default_peer(), metavar="PATH",
                        help="torch-peer script (default: %(default)s)")
    parser.add_argument("--peer-root", default=common.default_peer_root(), metavar="DIR",
                        help="the peer's chroot (default: %(default)s)")
    args = parser.parse_args()

    if not Path(args.peer).is_file():
        sys.exit(f"generate_golden.py: no torch peer at {args.peer} (see --peer)")
    prefix = [str(Path(args.peer).resolve()), "--root", str(Path(args.peer_root).resolve())]
    versions = probe_peer(prefix)
    torch_version, _, py_version = versions.partition(" ")
    if not torch_version.startswith("2.14") or py_version == "":
        sys.exit("generate_golden.py: refusing to write goldens: the oracle must be "
                 f"PyTorch 2.14, but the peer reports {versions!r}")

    try:
        programs = ([common.resolve_program(n) for n in args.programs]
                    if args.programs else common.all_programs())
    except ValueError as exc:
        sys.exit(f"generate_golden.py: {exc}")
    if not programs:
        sys.exit(f"generate_golden.py: no programs under {common.PROGRAMS_DIR}")

    return golden_programs.write_goldens(
        common.GOLDEN_DIR, programs, lambda p: record(prefix, p, args.timeout), check=args.check,
        jobs=args.jobs, whole_suite=not args.programs, oracle=f"oracle: torch {torch_version}, Python {py_version}")

if __name__ == "__main__":
    sys.exit(main())
