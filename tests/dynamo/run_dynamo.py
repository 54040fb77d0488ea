#!/usr/bin/env python3
"""Check refc's torch.compile against the PyTorch 2.14 goldens of tests/dynamo.

Usage: run_dynamo.py --refc PATH [--jobs N] [--json OUT] [--ignore-known] [PROGRAM ...]
       run_dynamo.py --refc PATH --one NAME
       run_dynamo.py --list

Each program runs as `REFC run NNN_name.py` with cwd tests/dynamo/programs,
stdin from /dev/null, the suite's environment (plus the program's line-2
`# env:` variables) and a timeout, the same way generate_golden.py ran the
PyTorch 2.14 peer. A program passes when its stdout bytes, its whole stderr
after dynamo_normalize.normalize (the same normalization the goldens went
through) and its exit status all equal the goldens.

Programs named in known_failures.txt are expected to fail (refc's compiler
does not cover them yet): such a failure is reported as XFAIL and does not
fail the run, but a listed program that passes fails the run (XPASS) until
it is removed from the list, so the list stays accurate.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

import dynamotest_common as common


def _eager_runner():
    """tests/eager/run_eager.py as a module (for its diff and report helpers)."""
    path = common.DYNAMO_DIR.parent / "eager" / "run_eager.py"
    spec = importlib.util.spec_from_file_location("eager_run_eager", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


eager_runner = _eager_runner()

EPILOG = """\
Output: one block per failing program (a FAIL line, then a short, truncated
unified diff of what differed), XFAIL/XPASS lines for the known failures, then
a summary line `N passed, M failed, K known failures`.
Exit status: 0 iff no selected program failed and no known failure passed
(2 on usage errors).

Self-check: tests/eager/peer_as_refc.sh is a stand-in for refc that runs
programs under the PyTorch 2.14 peer, so
  tests/dynamo/run_dynamo.py --refc tests/eager/peer_as_refc.sh --ignore-known
must report 0 failed; that proves the goldens, the normalization and this
runner agree.

Single-program mode for ctest: run_dynamo.py --refc PATH --one 042
"""


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
    except (OSError, ValueError) as exc:
        return {"name": name, "status": "error", "mismatches": ["launch"],
                "detail": [f"cannot run {refc}: {exc}"], "seconds": 0.0}
    got_err = common.normalized_stderr(got, program)

    mismatches, detail = [], []
    if got.timed_out:
        mismatches.append("timeout")
        detail.append(f"timed out after {timeout:g} s")
    if got.stdout != want_out:
        mismatches.append("stdout")
        detail += eager_runner.unified(want_out.decode("utf-8", "replace"),
                                       got.stdout.decode("utf-8", "replace"), "stdout")
    if got_err != want_err:
        mismatches.append("stderr")
        detail += eager_runner.unified(want_err, got_err, "stderr (normalized)")
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
        "expected": {"exit_code": want_code},
        "actual": {"exit_code": got.code, "stderr_last_line": got.err_line,
                   "stdout_bytes": len(got.stdout)},
        "seconds": round(got.seconds, 3),
    }


def resolve_refc(path):
    p = Path(path)
    if os.sep in path or (os.altsep and os.altsep in path):
        if not p.is_file():
            sys.exit(f"run_dynamo.py: --refc {path}: no such file")
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

    known = set() if args.ignore_known else common.known_failures()
    for r in results:
        if r["name"] in known:
            r["status"] = "xpass" if r["status"] == "pass" else "xfail"
    passed = sum(r["status"] == "pass" for r in results)
    xfailed = sum(r["status"] == "xfail" for r in results)
    xpassed = sum(r["status"] == "xpass" for r in results)
    failed = len(results) - passed - xfailed - xpassed
    for result in results:
        if result["status"] == "xpass":
            print(f"XPASS {result['name']}: passes now; remove it from "
                  f"tests/dynamo/{common.KNOWN_FAILURES.name}")
        elif result["status"] == "xfail":
            print(f"XFAIL {result['name']}: mismatch in {', '.join(result['mismatches'])} "
                  "(known failure)")
        elif result["status"] != "pass":
            eager_runner.report_failure(result, sys.stdout)
    if args.one and not failed and not xpassed:
        print(f"{'PASS' if passed else 'XFAIL'} {results[0]['name']}")

    if args.json:
        report = {"refc": args.refc, "passed": passed, "failed": failed,
                  "known_failures": xfailed, "known_failures_passing": xpassed,
                  "seconds": round(elapsed, 3), "results": results}
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    summary = f"{passed} passed, {failed} failed, {xfailed} known failures"
    if xpassed:
        summary += f", {xpassed} known failures passing (an error: update the list)"
    print(summary)
    return 0 if failed == 0 and xpassed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
