#!/usr/bin/env python3
"""Record PyTorch 2.14's behaviour on every tests/dynamic program as goldens.

For each programs/NNN_name.py this writes golden/NNN_name.out (exact stdout
bytes), golden/NNN_name.err (the whole stderr after dynamic_normalize.normalize,
the same normalization run_dynamic.py applies to refc) and golden/NNN_name.code
(exit status as a decimal line). Programs run under the torch peer
(shared/peer/torch-peer) the way tests/dynamo runs them (see
dynamictest_common.py), plus the variables of a line-2 `# env:` comment. Each
program is run twice; nothing is written for a program whose two runs differ
(stdout, normalized stderr or status), that runs into the timeout, whose
output still shows a machine path or an object address after normalization,
whose stdout shows a symbol name (2.14 hashes them, refc numbers them, and
stdout is compared byte for byte), or whose printed expressions order two
symbols by 2.14's hashed names (dynamic_normalize rule D5 could not make
them comparable; rename the program's inputs).

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
import importlib.util
import os
import re
import sys
from pathlib import Path

import dynamictest_common as common
import dynamic_normalize

golden_programs = common.golden_programs


def _eager_generator():
    """tests/eager/generate_golden.py as a module (for its peer probe)."""
    path = common.DYNAMIC_DIR.parent / "eager" / "generate_golden.py"
    spec = importlib.util.spec_from_file_location("eager_generate_golden", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# What must not survive normalization: the peer's program path and addresses.
LEAKS = re.compile(r"/peer/|\b0x[0-9a-f]{6,}|/usr/lib/")
# A symbol name in stdout (see the module doc).
STDOUT_SYMBOL = re.compile(r"\b(?:s|u|zf|zuf)\d+\b")


def record(prefix, program, timeout):
    """Run a program twice; return (golden contents or None, problem or None)."""
    first = common.run_program(prefix, program, timeout)
    second = common.run_program(prefix, program, timeout)
    if first.timed_out or second.timed_out:
        return None, f"timed out after {timeout:g} s"
    if first.code is not None and first.code < 0:
        return None, f"killed by signal {-first.code}"
    if first.code == 2 and "torch-peer:" in first.err_line:
        return None, f"the peer failed: {first.err_line}"
    data = common.golden_bytes(first, program)
    if data != common.golden_bytes(second, program):
        return None, "not deterministic: two runs differ"
    for label, blob in (("stdout", data[0]), ("normalized stderr", data[1])):
        leak = LEAKS.search(blob.decode("utf-8", "replace"))
        if leak:
            return None, f"{label} shows {leak.group(0)!r} (a path or an address)"
    symbol = STDOUT_SYMBOL.search(data[0].decode("utf-8", "replace"))
    if symbol:
        return None, f"stdout shows the symbol {symbol.group(0)!r}"
    conflicts = dynamic_normalize.symbol_order_conflicts(first.stderr.decode("utf-8", "replace"), program.name)
    if conflicts:
        return None, f"symbols ordered by 2.14's hashed names: {conflicts[0]}"
    return data, None


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("programs", nargs="*", metavar="PROGRAM")
    parser.add_argument("--check", action="store_true",
                        help="compare with the stored goldens instead of writing them")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=common.TIMEOUT_S, metavar="S",
                        help="per-run timeout in seconds (default %(default)g)")
    parser.add_argument("--peer", default=common.default_peer(), metavar="PATH",
                        help="torch-peer script (default: %(default)s)")
    parser.add_argument("--peer-root", default=common.default_peer_root(), metavar="DIR",
                        help="the peer's chroot (default: %(default)s)")
    args = parser.parse_args()

    if not Path(args.peer).is_file():
        sys.exit(f"generate_golden.py: no torch peer at {args.peer} (see --peer)")
    prefix = [str(Path(args.peer).resolve()), "--root", str(Path(args.peer_root).resolve())]
    versions = _eager_generator().probe_peer(prefix)
    torch_version, _, py_version = versions.partition(" ")
    if not torch_version.startswith("2.14") or py_version == "":
        sys.exit("generate_golden.py: refusing to write goldens: the oracle must be "
                 f"PyTorch 2.14, but the peer reports {versions!r}")

    try:
        programs = ([common.resolve_program(n) for n in args.programs]
                    if args.programs else common.all_programs())
        for program in programs:
            common.program_env_words(program)
    except ValueError as exc:
        sys.exit(f"generate_golden.py: {exc}")
    if not programs:
        sys.exit(f"generate_golden.py: no programs under {common.PROGRAMS_DIR}")

    return golden_programs.write_goldens(
        common.GOLDEN_DIR, programs, lambda p: record(prefix, p, args.timeout), check=args.check,
        jobs=args.jobs, whole_suite=not args.programs, oracle=f"oracle: torch {torch_version}, Python {py_version}")


if __name__ == "__main__":
    sys.exit(main())
