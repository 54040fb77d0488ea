#!/usr/bin/env python3
"""refc's graph minifier against PyTorch's, side by side.

For each graph size (--sizes, default 50,200,1000) and for one and two culprit
ops, --trials chain programs (default 5) are built: one graph op per line,
torch.relu at culprit positions drawn from a seeded random generator (the
same positions for both tools). The fault is planted on relu:

  refc     backend='eager' with TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY=relu:KIND,
           then `refc repro minify LAUNCHER -j J -q`
  PyTorch  backend='relu_compile_error_TESTING_ONLY' (or
           relu_accuracy_error_TESTING_ONLY), run under the PyTorch peer
           (a chroot with Debian's python3-torch), then the minifier_launcher.py
           it wrote is run, which runs torch._functorch.fx_minifier.minifier

Both capture with TORCHDYNAMO_REPRO_AFTER=dynamo and TORCHDYNAMO_REPRO_LEVEL=2
(compile_error) or 4 (accuracy). compile_error runs at every size; accuracy
at 200 ops (--accuracy-sizes).

Per row: queries (refc: summary.json "queries", which counts every child
process: 3 reproducibility runs of the target and the candidates (the result
is a candidate that failed, so no final run);
PyTorch: the "Made N queries" line of fx_minifier, which counts every
graph_fails call: 1 sanity check, the candidates, 1 final check), wall time
of the minifier run alone (capture not included; PyTorch's includes its
import of torch, refc's its start-up), and the ops left in the final graph.
A row sums its trials; the verdict is per size, over all its rows (one and
two culprits, every fault kind): refc's queries are at most half PyTorch's,
and refc's final graph has no more ops than PyTorch's in every trial.
PyTorch's count swings with where the culprits fall (11 to 59 queries for
one size), so one position alone says little; each row shows its own ratio
and the worst single trial's.

Exit status: 0 when every size holds, 1 otherwise (or a run failed), 2 for a
usage error or a missing peer. Progress goes to stderr, the table to stdout.
Standard library only.

Usage:
  run.py --refc build/bin/refc [--peer ../shared/peer/torch-peer]
         [--peer-root .peer/sid] [--sizes 50,200,1000] [--trials N] [--seed S] [--jobs J]
         [--timeout S] [--json OUT] [--keep]
"""

import argparse
import glob
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

# The program of tests/repro/minifier_test.py, a chain of graph ops with
# planted faulty relu ops.
sys.path.insert(0, str(ROOT / "tests" / "repro"))
from reprotest_common import chain_program  # noqa: E402

# fault kind -> (repro level, PyTorch's testing backend)
KINDS = {
    "compile_error": (2, "relu_compile_error_TESTING_ONLY"),
    "accuracy": (4, "relu_accuracy_error_TESTING_ONLY"),
}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def no_core():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def clean_env(extra):
    # The caller's TORCH*/PYTHON* settings would change what either side
    # captures or how it minifies; each run gets only the ones given here.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH", "PYTHON", "PYTORCH"))}
    env.update(extra)
    return env


def run(cmd, *, cwd=None, env=None, timeout):
    """(exit status or "timeout", stdout, stderr, wall seconds)."""
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=clean_env(env or {}), capture_output=True, text=True,
                           timeout=timeout, preexec_fn=no_core)
    except subprocess.TimeoutExpired:
        return "timeout", "", "", time.monotonic() - start
    return p.returncode, p.stdout, p.stderr, time.monotonic() - start


def fault_env(kind):
    level, _ = KINDS[kind]
    return {"TORCHDYNAMO_REPRO_AFTER": "dynamo", "TORCHDYNAMO_REPRO_LEVEL": str(level)}


class Failed(Exception):
    """A run that did not give a measurement; the message says why."""


def refc_side(refc, size, culprits, kind, jobs, timeout):
    """{queries, seconds, ops} of refc's minifier on the chain program."""
    with tempfile.TemporaryDirectory(prefix="refc-minify-") as folder:
        prog = os.path.join(folder, "prog.py")
        with open(prog, "w") as f:
            f.write(chain_program(size, culprits))
        env = fault_env(kind)
        env["TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY"] = "relu:" + kind
        status, _, err, _ = run([refc, "run", prog], cwd=folder, env=env, timeout=timeout)
        found = glob.glob(os.path.join(folder, "torch_compile_debug", "run_*", "minifier", "*",
                                       "minifier_launcher.py"))
        if len(found) != 1:
            raise Failed("refc run wrote %d launchers (status %r): %s" % (len(found), status, err[-500:]))
        launcher = found[0]
        status, out, err, seconds = run([refc, "repro", "minify", launcher, "-j", str(jobs), "-q"],
                                        timeout=timeout)
        if status != 0:
            raise Failed("refc repro minify: status %r: %s" % (status, (out + err)[-500:]))
        with open(os.path.join(os.path.dirname(launcher), "minify", "summary.json")) as f:
            summary = json.load(f)
        if not summary.get("reproduces"):
            raise Failed("refc's minimal repro does not reproduce: %s" % summary)
        return {"queries": summary["queries"], "seconds": seconds, "ops": summary["after"]["ops"],
                "before_ops": summary["before"]["ops"], "ops_left": summary["ops"]}


def forward_ops(repro_text):
    """Ops of the graph in a PyTorch repro: the assignments in Repro.forward (one per node)."""
    body = repro_text.split("def forward(", 1)[1].split("\n\n", 1)[0]
    return sum(1 for line in body.splitlines()[1:] if re.match(r"\s+\w+ = ", line))


class Peer:
    """Runs programs under the PyTorch peer. The peer copies a program to
    /peer/NAME inside its chroot and runs it from /peer, so each run gets a
    unique name, and files are written below /peer/BENCH, which this side
    reads at ROOT/peer/BENCH."""

    def __init__(self, script, root):
        self.script = script
        self.root = root
        self.bench = "minifier-bench-%d" % os.getpid()
        self.host_dir = os.path.join(root, "peer", self.bench)
        self.names = []
        os.makedirs(self.host_dir, exist_ok=True)

    def run(self, name, text, env, timeout):
        """Runs TEXT as /peer/NAME under the peer: (status, stdout, stderr, seconds)."""
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, name)
            with open(path, "w") as f:
                f.write(text)
            self.names.append(name)
            return run([self.script, "--root", self.root, path], env=env, timeout=timeout)

    def cleanup(self):
        shutil.rmtree(self.host_dir, ignore_errors=True)
        for name in self.names:
            try:
                os.remove(os.path.join(self.root, "peer", name))
            except OSError:
                pass


def torch_side(peer, case, size, culprits, kind, timeout):
    """{queries, seconds, ops} of PyTorch's fx minifier on the chain program."""
    _, backend = KINDS[kind]
    chroot_dir = "/peer/%s/%s" % (peer.bench, case)  # inside the chroot
    host_dir = os.path.join(peer.host_dir, case)
    env = fault_env(kind)
    env["TORCH_COMPILE_DEBUG_DIR"] = chroot_dir  # where the launcher goes
    status, _, err, _ = peer.run("%s_%s.py" % (peer.bench, case), chain_program(size, culprits, backend),
                                 env, timeout)
    found = glob.glob(os.path.join(host_dir, "torch_compile_debug", "run_*", "minifier", "minifier_launcher.py"))
    if status == "timeout" or len(found) != 1:
        raise Failed("torch capture: status %r, %d launchers: %s" % (status, len(found), err[-500:]))
    launcher = "/" + os.path.relpath(found[0], peer.root)
    # The launcher writes repro.py and checkpoints/ to its working folder, which
    # the peer makes /peer; a wrapper moves it to this case's own folder.
    work = chroot_dir + "/work"
    wrapper = ("import os, runpy, sys\n"
               "os.makedirs(%r, exist_ok=True)\n"
               "os.chdir(%r)\n"
               "sys.argv = [%r]\n"
               "runpy.run_path(%r, run_name='__main__')\n" % (work, work, launcher, launcher))
    status, out, err, seconds = peer.run("%s_%s_minify.py" % (peer.bench, case), wrapper, {}, timeout)
    if status == "timeout":
        return {"timeout": True, "seconds": seconds}
    made = re.findall(r"^Made (\d+) queries$", err, re.M)
    repro = os.path.join(host_dir, "work", "repro.py")
    if status != 0 or not made or not os.path.exists(repro):
        raise Failed("torch minifier: status %r: %s" % (status, (out + err)[-800:]))
    with open(repro) as f:
        ops = forward_ops(f.read())
    return {"queries": int(made[-1]), "seconds": seconds, "ops": ops}


def torch_startup(peer, timeout):
    """Seconds the peer takes to start python3 and import torch, for reading the torch times."""
    _, _, _, seconds = peer.run("%s_startup.py" % peer.bench, "import torch\n", {}, timeout)
    return seconds


def summarize(trials):
    """A row from its trials: sums of queries, mean seconds, the largest final graphs, the verdict."""
    refc = [t["refc"] for t in trials]
    torch = [t["torch"] for t in trials]
    row = {"refc_queries": sum(r["queries"] for r in refc), "torch_queries": sum(t["queries"] for t in torch),
           "refc_seconds": sum(r["seconds"] for r in refc) / len(refc),
           "torch_seconds": sum(t["seconds"] for t in torch) / len(torch),
           "refc_ops": max(r["ops"] for r in refc), "torch_ops": max(t["ops"] for t in torch),
           "worst_ratio": max(r["queries"] / t["queries"] for r, t in zip(refc, torch))}
    row["ratio"] = row["refc_queries"] / row["torch_queries"]
    row["no_larger"] = all(r["ops"] <= t["ops"] for r, t in zip(refc, torch))
    return row


def size_verdicts(rows):
    """Per size: (size, refc queries, torch queries, ratio, whether refc's graphs were never larger, ok)."""
    out = []
    for size in sorted({r["size"] for r in rows}):
        group = [r for r in rows if r["size"] == size]
        if any("error" in r for r in group):
            out.append((size, None, None, None, False, False))
            continue
        refc = sum(r["refc_queries"] for r in group)
        torch = sum(r["torch_queries"] for r in group)
        no_larger = all(r["no_larger"] for r in group)
        out.append((size, refc, torch, refc / torch, no_larger, refc * 2 <= torch and no_larger))
    return out


def table(rows):
    head = ["size", "culprits", "kind", "trials", "refc q", "refc s", "refc ops",
            "torch q", "torch s", "torch ops", "q ratio", "worst"]
    lines = []
    for r in rows:
        if "error" in r:
            cells = [r["size"], r["culprits"], r["kind"], r["trials"]] + ["-"] * 7 + ["error"]
        else:
            cells = [r["size"], r["culprits"], r["kind"], r["trials"], r["refc_queries"], "%.2f" % r["refc_seconds"],
                     r["refc_ops"], r["torch_queries"], "%.2f" % r["torch_seconds"], r["torch_ops"],
                     "%.2f" % r["ratio"], "%.2f" % r["worst_ratio"]]
        lines.append([str(c) for c in cells])
    widths = [max(len(x) for x in col) for col in zip(head, *lines)]
    out = ["  ".join(h.rjust(w) for h, w in zip(head, widths))]
    out += ["  ".join(c.rjust(w) for c, w in zip(line, widths)) for line in lines]
    return "\n".join(out)


def main():
    doc = __doc__
    parser = argparse.ArgumentParser(description=doc.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=doc.split("\n\n", 1)[1].split("\nUsage:")[0])
    parser.add_argument("--refc", required=True, help="the refc executable")
    parser.add_argument("--peer", default=str(ROOT.parent / "shared" / "peer" / "torch-peer"),
                        help="the torch-peer script (default: ../shared/peer/torch-peer from the repository root)")
    parser.add_argument("--peer-root", default=str(ROOT / ".peer" / "sid"),
                        help="the peer's chroot (default: .peer/sid in the repository root)")
    parser.add_argument("--sizes", default="50,200,1000", help="graph sizes in ops (default 50,200,1000)")
    parser.add_argument("--accuracy-sizes", default="200",
                        help="sizes that also run the accuracy fault (default 200; empty for none)")
    parser.add_argument("--trials", type=int, default=5, help="culprit positions per row (default 5)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the culprit positions (default 2026)")
    parser.add_argument("--jobs", type=int, default=2, help="refc repro minify -j (default 2)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds any one run may take (default 900)")
    parser.add_argument("--json", help="also write the rows to this file")
    parser.add_argument("--keep", action="store_true", help="keep the PyTorch side's files in the chroot")
    args = parser.parse_args()

    refc = os.path.abspath(args.refc)
    if not os.access(refc, os.X_OK):
        parser.error("no refc executable at %s" % args.refc)
    peer_script = os.path.abspath(args.peer)
    peer_root = os.path.abspath(args.peer_root)
    if not os.access(peer_script, os.X_OK) or not os.access(os.path.join(peer_root, "usr", "bin", "python3"), os.X_OK):
        log("run.py: the PyTorch peer is missing (no executable %s, or no python3 in %s); "
            "PyTorch's side cannot run, so nothing is compared" % (peer_script, peer_root))
        return 2
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s]
        accuracy_sizes = {int(s) for s in args.accuracy_sizes.split(",") if s}
    except ValueError:
        parser.error("--sizes and --accuracy-sizes take comma-separated integers")

    rng = random.Random(args.seed)
    cases = []
    for size in sizes:
        for n in (1, 2):
            positions = [sorted(rng.sample(range(size), n)) for _ in range(args.trials)]
            for kind in KINDS:
                if kind == "compile_error" or size in accuracy_sizes:
                    cases.append((size, n, kind, positions))

    peer = Peer(peer_script, peer_root)
    rows = []
    try:
        startup = torch_startup(peer, args.timeout)
        log("peer start-up (python3 + import torch): %.2f s" % startup)
        for size, n, kind, positions in cases:
            row = {"size": size, "culprits": n, "kind": kind, "trials": len(positions), "jobs": args.jobs}
            try:
                trials = []
                for i, culprits in enumerate(positions):
                    case = "%d_%d_%s_%d" % (size, n, kind, i)
                    refc_run = refc_side(refc, size, culprits, kind, args.jobs, args.timeout)
                    torch_run = torch_side(peer, case, size, culprits, kind, args.timeout)
                    if "timeout" in torch_run:
                        raise Failed("torch timed out after %.0f s" % torch_run["seconds"])
                    log("[%s] culprits at %s: refc %d queries %.2f s %d ops | torch %d queries %.2f s %d ops"
                        % (case, culprits, refc_run["queries"], refc_run["seconds"], refc_run["ops"],
                           torch_run["queries"], torch_run["seconds"], torch_run["ops"]))
                    trials.append({"positions": culprits, "refc": refc_run, "torch": torch_run})
                row.update(summarize(trials))
                row["runs"] = trials
            except Failed as e:
                log("[%d_%d_%s] failed: %s" % (size, n, kind, e))
                row["error"] = str(e)
            rows.append(row)
    finally:
        if not args.keep:
            peer.cleanup()

    print(table(rows))
    verdicts = size_verdicts(rows)
    for size, refc_q, torch_q, ratio, no_larger, ok in verdicts:
        if refc_q is None:
            print("size %4d: a run failed" % size)
        else:
            print("size %4d: refc %d queries, torch %d: ratio %.2f, refc's graph %s: %s"
                  % (size, refc_q, torch_q, ratio, "never larger" if no_larger else "LARGER in some trial",
                     "ok" if ok else "FAIL"))
    print("refc -j %d; seed %d; q: queries summed over the trials, s: mean seconds of one minification; torch s "
          "includes the peer's start-up with import torch (%.2f s)" % (args.jobs, args.seed, startup))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seed": args.seed, "jobs": args.jobs, "trials": args.trials, "torch_startup_s": startup,
                       "rows": rows, "sizes": [dict(zip(("size", "refc_queries", "torch_queries", "ratio",
                                                         "no_larger", "ok"), v)) for v in verdicts]}, f, indent=2)
            f.write("\n")
    return 0 if verdicts and all(v[-1] for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
