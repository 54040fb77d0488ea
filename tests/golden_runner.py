"""The checking side the golden-output suites share (tests/lang, tests/eager,
tests/dynamo): comparing one program's run with its goldens, and the command
line that selects programs, runs them in parallel, accounts for known
failures, prints each failure as a short diff and a summary line, and writes
a JSON report. A suite supplies what differs -- where its programs are and
how they run (its *test_common module), whether stderr is compared
normalized, its stand-in for refc -- and calls main(). Standard library only.
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Optional

MAX_DIFF_LINES = 16
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


def last_line_diff(expected, actual):
    """How two last stderr lines differ, as detail lines."""
    return [clip(f"last stderr line: expected {expected!r}"),
            clip(f"                  actual   {actual!r}")]


def check(common, refc, program, timeout, stderr_of, stderr_diff):
    """Runs `program` under refc and compares it with its goldens.

    common: the suite's module (PROGRAMS, run_program). stderr_of(outcome,
    program) is the stderr form the goldens hold (the last line, or the whole
    normalized text); stderr_diff(expected, actual) renders a difference.
    Returns a result dict (name, status, mismatches, detail, expected,
    actual, seconds)."""
    name = program.stem
    try:
        want_out, want_err, want_code = common.PROGRAMS.read_golden(program)
    except (OSError, ValueError) as exc:
        return {"name": name, "status": "error", "mismatches": ["golden"],
                "detail": [f"cannot read goldens: {exc}"], "seconds": 0.0}
    try:
        got = common.run_program([refc, "run"], program, timeout)
    except (OSError, ValueError) as exc:
        return {"name": name, "status": "error", "mismatches": ["launch"],
                "detail": [f"cannot run {refc}: {exc}"], "seconds": 0.0}
    got_err = stderr_of(got, program)

    mismatches, detail = [], []
    if got.timed_out:
        mismatches.append("timeout")
        detail.append(f"timed out after {timeout:g} s")
    if got.stdout != want_out:
        mismatches.append("stdout")
        detail += unified(want_out.decode("utf-8", "replace"),
                          got.stdout.decode("utf-8", "replace"), "stdout")
    if got_err != want_err:
        mismatches.append("stderr")
        detail += stderr_diff(want_err, got_err)
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


def read_known_failures(path):
    """Program names (stems) listed in a known_failures.txt; '#' starts a comment."""
    if path is None or not path.exists():
        return set()
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line)
    return names


@dataclass
class Suite:
    script: str                  # the runner's file name, for messages
    doc: str                     # its module docstring (first paragraph: the description)
    common: ModuleType           # PROGRAMS_DIR, TIMEOUT_S, all_programs, resolve_program, ...
    stand_in: str                # a stand-in for refc that runs the oracle (the self-check)
    oracle: str                  # what the stand-in runs programs under
    known_failures: Optional[Path] = None  # a known_failures.txt, if the suite keeps one
    # The whole stderr, normalized (common.normalized_stderr), is compared
    # rather than its last line.
    normalized: bool = False
    self_check_args: str = ""    # arguments the self-check adds

    def stderr_of(self, outcome, program):
        """The stderr form the goldens hold (see check())."""
        if self.normalized:
            return self.common.normalized_stderr(outcome, program)
        return outcome.err_line

    def stderr_diff(self, expected, actual):
        if self.normalized:
            return unified(expected, actual, "stderr (normalized)")
        return last_line_diff(expected, actual)

    def epilog(self):
        """--help's text after the options."""
        known = self.known_failures is not None
        paragraphs = []
        if known:
            paragraphs.append(
                f"Programs named in {self.known_failures.name} are expected to fail (refc does "
                "not cover them yet): such a failure is reported as XFAIL and does not fail the "
                "run, but a listed program that passes fails the run (XPASS) until it is "
                "removed from the list, so the list stays accurate.")
        paragraphs.append(
            "Output: one block per failing program (a FAIL line, then a short, truncated "
            "unified diff of what differed), "
            + ("XFAIL/XPASS lines for the known failures, " if known else "")
            + "then a summary line `N passed, M failed"
            + (", K known failures" if known else "") + "`.")
        paragraphs.append(
            "Exit status: 0 iff no selected program failed"
            + (" and no known failure passed" if known else "") + " (2 on usage errors).")
        folder = Path(self.common.PROGRAMS_DIR).parent.name
        command = f"tests/{folder}/{self.script} --refc {self.stand_in}{self.self_check_args}"
        paragraphs.append(
            f"Self-check: {self.stand_in} is a stand-in for refc that runs programs under "
            f"{self.oracle}, so\n  {command}\nmust report 0 failed; that proves the goldens"
            + (", the normalization" if self.normalized else "") + " and this runner agree.")
        paragraphs.append(f"Single-program mode for ctest: {self.script} --refc PATH --one 042")
        return "\n\n".join("\n".join(textwrap.fill(line, 78) for line in p.split("\n"))
                           for p in paragraphs) + "\n"


def _resolve_refc(script, path):
    p = Path(path)
    if os.sep in path or (os.altsep and os.altsep in path):
        if not p.is_file():
            sys.exit(f"{script}: --refc {path}: no such file")
        return str(p.resolve())
    return path  # a bare command name, looked up on PATH


def main(suite):
    """The suite's command line; returns the exit status."""
    common = suite.common
    parser = argparse.ArgumentParser(
        description=suite.doc.split("\n\n")[0], epilog=suite.epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", metavar="PATH", help=f"the refc executable (or {suite.stand_in})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="programs run in parallel (default: CPU count)")
    parser.add_argument("--json", metavar="OUT", help="also write a JSON report to OUT")
    parser.add_argument("--one", metavar="NAME",
                        help="check only this program (NNN, NNN_name or NNN_name.py); exit 0/1")
    parser.add_argument("--timeout", type=float, default=common.TIMEOUT_S, metavar="S",
                        help=f"per-program timeout in seconds (default {common.TIMEOUT_S:g})")
    parser.add_argument("--list", action="store_true", help="list program names and exit")
    if suite.known_failures:
        parser.add_argument("--ignore-known", action="store_true",
                            help=f"treat programs in {suite.known_failures.name} like any other")
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
    refc = _resolve_refc(suite.script, args.refc)

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(
            lambda p: check(common, refc, p, args.timeout, suite.stderr_of, suite.stderr_diff), programs))
    elapsed = time.monotonic() - start

    # A known failure that fails is XFAIL; one that passes (XPASS) fails the
    # run until it is taken off the list, so the list stays accurate.
    known = set() if getattr(args, "ignore_known", True) else read_known_failures(suite.known_failures)
    for r in results:
        if r["name"] in known:
            r["status"] = "xpass" if r["status"] == "pass" else "xfail"
    count = {s: sum(r["status"] == s for r in results) for s in ("pass", "xfail", "xpass")}
    failed = len(results) - count["pass"] - count["xfail"] - count["xpass"]
    for r in results:
        if r["status"] == "xpass":
            print(f"XPASS {r['name']}: passes now; remove it from {suite.known_failures.name}")
        elif r["status"] == "xfail":
            print(f"XFAIL {r['name']}: mismatch in {', '.join(r['mismatches'])} (known failure)")
        elif r["status"] != "pass":
            print(f"FAIL {r['name']}: mismatch in {', '.join(r['mismatches'])}")
            for line in r["detail"]:
                print(f"    {line}")
    if args.one and not failed and not count["xpass"]:
        print(f"{'PASS' if count['pass'] else 'XFAIL'} {results[0]['name']}")

    if args.json:
        report = {"refc": args.refc, "passed": count["pass"], "failed": failed,
                  "known_failures": count["xfail"], "known_failures_passing": count["xpass"],
                  "seconds": round(elapsed, 3), "results": results}
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    summary = f"{count['pass']} passed, {failed} failed"
    if suite.known_failures:
        summary += f", {count['xfail']} known failures"
    if count["xpass"]:
        summary += f", {count['xpass']} known failures passing (an error: update the list)"
    print(summary)
    return 0 if failed == 0 and count["xpass"] == 0 else 1
