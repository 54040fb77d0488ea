#!/usr/bin/env python3
"""Time refc against CPython 3.11 on the pure-Python workloads in this folder.

Every workload (benchmarks/vm/*.py) runs under `refc run` and under `python3`,
interleaved (CPython, refc, CPython, refc, ...) so that load on the machine
hits both alike; each side's time is the minimum wall time over --repeat runs.
Both must print the same output (each workload prints checksums). The table
gives both times and the ratio refc/CPython, then the geometric mean of the
ratios and whether the performance targets hold: geomean <= 1.5 and no single
ratio above 3.

A workload that fails under refc (crash, error exit, timeout, wrong output) is
reported as such and left out of the geomean; the targets then count as not
met. Exit status: 0 when every workload ran correctly and the targets hold,
1 otherwise, 2 for a usage error.

Usage:
  compare.py [--refc PATH] [--python PATH] [--repeat N] [--timeout S]
             [--json FILE] [WORKLOAD ...]
"""

import argparse
import json
import math
import os
import platform
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
GEOMEAN_TARGET = 1.5
MAX_RATIO = 3.0


def workloads():
    """Every workload file, sorted by name (compare.py itself excluded)."""
    return sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name)


def run_env():
    # A fixed hash seed and UTF-8 output, as in the conformance tests, so the
    # two interpreters are compared on identical terms.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


class Run:
    """One execution: wall time, output, and a failure description or None."""

    def __init__(self, seconds, stdout, failure):
        self.seconds = seconds
        self.stdout = stdout
        self.failure = failure


def run_once(argv, workload, timeout):
    start = time.perf_counter()
    try:
        # A session of its own, so a timeout kills whatever the run started.
        proc = subprocess.Popen(argv + [workload.name], cwd=HERE, env=run_env(),
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
    except OSError as exc:
        return Run(None, b"", f"cannot run {argv[0]}: {exc.strerror}")
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
        return Run(None, b"", f"timed out after {timeout:g} s")
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        err = [ln for ln in stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
        last = err[-1].strip() if err else "(no stderr)"
        how = (f"killed by signal {-proc.returncode}" if proc.returncode < 0
               else f"exit status {proc.returncode}")
        return Run(seconds, stdout, f"{how}: {last}")
    return Run(seconds, stdout, None)


def first_difference(expected, actual):
    exp = expected.decode("utf-8", "replace").splitlines()
    act = actual.decode("utf-8", "replace").splitlines()
    for i, (e, a) in enumerate(zip(exp, act)):
        if e != a:
            return f"line {i + 1}: expected {e!r}, got {a!r}"
    if len(exp) != len(act):
        return f"expected {len(exp)} lines, got {len(act)}"
    return "outputs differ in line endings"


def measure(workload, python, refc, repeat, timeout):
    """Returns a dict describing the workload's result."""
    result = {"name": workload.stem, "cpython_s": None, "refc_s": None,
              "ratio": None, "status": "ok", "detail": ""}
    py_times, refc_times = [], []
    expected = None
    refc_failed = False
    for _ in range(repeat):
        py = run_once([python], workload, timeout)
        if py.failure:
            result["status"] = "cpython failed"
            result["detail"] = py.failure
            return result
        expected = py.stdout
        py_times.append(py.seconds)
        if refc_failed:
            continue
        rc = run_once([str(refc), "run"], workload, timeout)
        if rc.failure:
            result["status"] = "refc failed"
            result["detail"] = rc.failure
            refc_failed = True
        elif rc.stdout != expected:
            result["status"] = "wrong output"
            result["detail"] = first_difference(expected, rc.stdout)
            refc_failed = True
        else:
            refc_times.append(rc.seconds)
    result["cpython_s"] = min(py_times)
    if not refc_failed:
        result["refc_s"] = min(refc_times)
        result["ratio"] = result["refc_s"] / result["cpython_s"]
    return result


def fmt(x, width, precision):
    return f"{'-':>{width}}" if x is None else f"{x:{width}.{precision}f}"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workloads", nargs="*", metavar="WORKLOAD",
                        help="names of workloads to run (default: all)")
    parser.add_argument("--refc", default=str(ROOT / "build" / "bin" / "refc"),
                        help="the refc binary (default: build/bin/refc)")
    parser.add_argument("--python", default="python3",
                        help="the CPython 3.11 to compare with (default: python3)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per interpreter and workload; the minimum counts (default 3)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds before one run is abandoned (default 120)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    available = {p.stem: p for p in workloads()}
    unknown = [w for w in args.workloads if Path(w).stem not in available]
    if unknown:
        parser.error(f"no such workload: {', '.join(unknown)} "
                     f"(have: {', '.join(sorted(available))})")
    chosen = ([available[Path(w).stem] for w in args.workloads] if args.workloads
              else list(available.values()))
    refc = Path(args.refc).resolve()
    if not refc.is_file():
        print(f"compare.py: warning: {args.refc} does not exist; every refc run will fail "
              "(build it with scripts/build)", file=sys.stderr)

    results = []
    for workload in chosen:
        print(f"  running {workload.stem} ...", file=sys.stderr, flush=True)
        results.append(measure(workload, args.python, refc, args.repeat, args.timeout))

    width = max(len("workload"), *(len(r["name"]) for r in results))
    print(f"{'workload':<{width}}  {'CPython s':>9}  {'refc s':>9}  {'ratio':>6}  status")
    for r in results:
        status = r["status"] + (f": {r['detail']}" if r["detail"] else "")
        if r["ratio"] is not None and r["ratio"] > MAX_RATIO:
            status += f" (ratio above {MAX_RATIO:g})"
        print(f"{r['name']:<{width}}  {fmt(r['cpython_s'], 9, 3)}  {fmt(r['refc_s'], 9, 3)}"
              f"  {fmt(r['ratio'], 6, 2)}  {status}")

    ratios = [r["ratio"] for r in results if r["ratio"] is not None]
    failed = [r["name"] for r in results if r["ratio"] is None]
    geomean = math.exp(sum(math.log(x) for x in ratios) / len(ratios)) if ratios else None
    worst = max(ratios) if ratios else None
    met = not failed and geomean is not None and geomean <= GEOMEAN_TARGET and worst <= MAX_RATIO
    print()
    print(f"geometric mean refc/CPython: {fmt(geomean, 0, 2)} over {len(ratios)} of "
          f"{len(results)} workloads (target <= {GEOMEAN_TARGET:g}); "
          f"worst ratio {fmt(worst, 0, 2)} (target <= {MAX_RATIO:g})")
    if failed:
        print(f"targets: NOT MET ({len(failed)} workload(s) failed: {', '.join(failed)})")
    else:
        print(f"targets: {'met' if met else 'NOT MET'}")

    if args.json:
        report = {
            "refc": str(refc),
            "python": args.python,
            "python_version": subprocess.run(
                [args.python, "-c", "import sys; print(sys.version.split()[0])"],
                capture_output=True, text=True).stdout.strip(),
            "machine": platform.machine(),
            "repeat": args.repeat,
            "workloads": results,
            "geomean_ratio": geomean,
            "worst_ratio": worst,
            "targets": {"geomean": GEOMEAN_TARGET, "max_ratio": MAX_RATIO, "met": met},
        }
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
