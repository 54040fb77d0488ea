#!/usr/bin/env python3
"""Check refc's eager torch module against the PyTorch 2.14 goldens of tests/eager.

Usage: run_eager.py --refc PATH [--jobs N] [--json OUT] [PROGRAM ...]
       run_eager.py --refc PATH --one NAME
       run_eager.py --list

Each program runs as `REFC run NNN_name.py` with cwd tests/eager/programs,
stdin from /dev/null, a fixed environment and a 20 s timeout (the same way
generate_golden.py ran the PyTorch 2.14 peer). A program passes when its
stdout bytes, the last line of its stderr and its exit status all equal the
goldens; nothing is normalised.

Programs named in known_failures.txt are expected to fail (the eager runtime
does not cover them yet): such a failure is reported as XFAIL and does not
fail the run, but a listed program that passes fails the run (XPASS) until
it is removed from the list, so the list only shrinks.
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import sys
import time
from pathlib import Path

import eagertest_common as common

EPILOG = """\
Output: one block per failing program (a FAIL line, then a short, truncated
unified diff of what differed), then a summary line `N passed, M failed`.
Exit status: 0 iff every selected program passed (2 on usage errors).

Self-check: tests/eager/peer_as_refc.sh is a stand-in for refc that runs
programs under the PyTorch 2.14 peer (shared/peer/torch-peer), so
  tests/eager/run_eager.py --refc tests/eager/peer_as_refc.sh
must report 0 failed; that proves the goldens and this runner agree.

Single-program mode for ctest: run_eager.py --refc PATH --one 042
"""

MAX_DIFF_LINES = 16
KNOWN_FAILURES = Path(__file__).resolve().parent / "known_failures.txt"


def known_failures():
    """Program names (stems) listed in known_failures.txt; '#' starts a comment."""
    if not KNOWN_FAILURES.exists():
        return set()
    names = set()
    for line in KNOWN_FAILURES.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line)
    return names
MAX_LINE_CHARS = 200


def clip(line):
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "...[clipped]"


def unified(expected, actual, label):
    """A truncated unified diff of two texts, as a list of lines."""
    diff = list(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        fromfile=f"expected {label}", tofile=f"actual {label}", n=2))
    lines = []
    for line in diff:
        text = line.rstrip("\n")
        if not line.endswith("\n") and line[:1] in "+- ":
            text += "  \\ (no newline at end)"
        lines.append(clip(text))
    if len(lines) > MAX_DIFF_LINES:
        hidden = len(lines) - MAX_DIFF_LINES
        lines = lines[:MAX_DIFF_LINES] + [f"... ({hidden} more diff lines)"]
    return lines


def check(refc, program, timeout):
    """Run one program under refc and compare it with its goldens; return a result dict."""
    name = program.stem
    try:
        want_out, want_err, want_code = common.read_golden(program)
    except (OSError, ValueError) as exc:
        return {"name": name, "status": "error", "mismatches": ["golden"],
                "detail": [f"cannot read goldens: {exc}"], "seconds": 0.0}
    try:
        got = common.run_program([refc, "run"], program, timeout)
    except OSError as exc:
        return {"name": name, "status": "error", "mismatches": ["launch"],
                "detail": [f"cannot run {refc}: {exc}"], "seconds": 0.0}

    mismatches, detail = [], []
    if got.timed_out:
        mismatches.append("timeout")
        detail.append(f"timed out after {timeout:g} s")
    if got.stdout != want_out:
        mismatches.append("stdout")
        detail += unified(want_out.decode("utf-8", "replace"),
                          got.stdout.decode("utf-8", "replace"), "stdout")
    if got.err_line != want_err:
        mismatches.append("stderr")
        detail.append(clip(f"last stderr line: expected {want_err!r}"))
        detail.append(clip(f"                  actual   {got.err_line!r}"))
    if not got.timed_out and got.code != want_code:
        mismatches.append("exit_code")
        how = (f"killed by signal {-got.code}" if got.code is not None and got.code < 0
               else str(got.code))
        detail.append(f"exit code: expected {want_code}, actual {how}")
    return {
        "name": name,
        "status": "pass" if not mismatches else ("timeout" if got.timed_out else "fail"),
        "mismatches": mismatches,
        "detail": detail,
        "expected": {"exit_code": want_code, "stderr_last_line": want_err},
        "actual": {"exit_code": got.code, "stderr_last_line": got.err_line,
                   "stdout_bytes": len(got.stdout)},
        "seconds": round(got.seconds, 3),
    }


def report_failure(result, stream):
    print(f"FAIL {result['name']}: mismatch in {', '.join(result['mismatches'])}", file=stream)
    for line in result["detail"]:
        print(f"    {line}", file=stream)


def resolve_refc(path):
    p = Path(path)
    if os.sep in path or (os.altsep and os.altsep in path):
        if not p.is_file():
            sys.exit(f"run_eager.py: --refc {path}: no such file")
        return str(p.resolve())
    return path  # a bare command name, looked up on PATH


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", metavar="PATH",
                        help="the refc executable (or tests/eager/peer_as_refc.sh)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="programs run in parallel (default: CPU count)")
    parser.add_argument("--json", metavar="OUT", help="also write a JSON report to OUT")
    parser.add_argument("--one", metavar="NAME",
                        help="check only this program (NNN, NNN_name or NNN_name.py); exit 0/1")
    parser.add_argument("--timeout", type=float, default=common.TIMEOUT_S, metavar="S",
                        help=f"per-program timeout in seconds (default {common.TIMEOUT_S:g})")
    parser.add_argument("--list", action="store_true", help="list program names and exit")
    parser.add_argument("--ignore-known", action="store_true",
                        help="treat programs in known_failures.txt like any other")
    parser.add_argument("programs", nargs="*", metavar="PROGRAM",
                        help="programs to check (default: all)")
    args = parser.parse_args()

    if args.one and args.programs:
        parser.error("--one takes a single program; do not also list PROGRAMs")
    try:
        names = ([args.one] if args.one else []) + args.programs
        programs = [common.resolve_program(n) for n in names] if names else common.all_programs()
    except ValueError as exc:
        parser.error(str(exc))
    if args.list:
        for p in programs:
            print(p.stem)
        return 0
    if not programs:
        parser.error(f"no programs under {common.PROGRAMS_DIR}")
    if not args.refc:
        parser.error("--refc PATH is required")
    refc = resolve_refc(args.refc)

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(lambda p: check(refc, p, args.timeout), programs))
    elapsed = time.monotonic() - start

    known = set() if args.ignore_known else known_failures()
    for r in results:
        if r["name"] in known:
            r["status"] = "xpass" if r["status"] == "pass" else "xfail"
    passed = sum(r["status"] == "pass" for r in results)
    xfailed = sum(r["status"] == "xfail" for r in results)
    failed = len(results) - passed - xfailed
    for result in results:
        if result["status"] == "xpass":
            print(f"XPASS {result['name']}: passes now; remove it from {KNOWN_FAILURES.name}")
        elif result["status"] == "xfail":
            print(f"XFAIL {result['name']}: mismatch in {', '.join(result['mismatches'])} (known failure)")
        elif result["status"] != "pass":
            report_failure(result, sys.stdout)
    if args.one and not failed:
        print(f"{'PASS' if passed else 'XFAIL'} {results[0]['name']}")

    if args.json:
        report = {"refc": args.refc, "passed": passed, "failed": failed, "known_failures": xfailed,
                  "seconds": round(elapsed, 3), "results": results}
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"{passed} passed, {failed} failed" + (f", {xfailed} known failures" if xfailed else ""))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
