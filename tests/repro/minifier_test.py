"""The minifier end to end: for every fault kind, at every repro level that
writes a repro for it, a program whose fault is buried in a 200-op graph is
run with the repro settings; the repro it leaves fails alone as the program
did; `refc repro minify` reduces it to the faulty op on inputs of at most 4
elements per dim, and the minimal repro fails the same way again. Also:
crashes and hangs do not take the minifier down, a killed minification
resumes from its journal, a failure that does not repeat (or does not come
at all) is reported as such, and `refc repro analyze` names the first op
whose compiled value is wrong.

    python3 tests/repro/minifier_test.py --refc build/bin/refc"""

import json
import os
import re
import signal
import subprocess
import tempfile
import unittest

import reprotest_common as common
from reprotest_common import chain_program, run_refc

def failure_of(status, stderr):
    """How a run ended, comparably: the signal, 'timeout', or the exception line naming the fault."""
    if status == "timeout":
        return "timeout"
    if isinstance(status, int) and status < 0:
        return "signal %d" % -status
    for line in reversed(stderr.splitlines()):
        if re.search(r"injected|AccuracyError|out of memory|OutOfMemory", line):
            return re.sub(r"^torch\._dynamo\.exc\.", "", line.strip())
    return "status %r" % status


# kind -> the levels that write a repro for it (a crash, abort or hang ends
# the process before levels 1 and 2 write anything; accuracy is level 4's)
MATRIX = {
    "compile_error": (1, 2, 3),
    "runtime_error": (1, 2, 3),
    "oom": (1, 2, 3),
    "crash": (3,),
    "abort": (3,),
    "hang": (3,),
    "accuracy": (4,),
}
HANG_TIMEOUT = "3"  # seconds a candidate may run when the failure is a hang


class MinifyFaults(unittest.TestCase):
    def capture(self, folder, kind, level):
        """Runs the 200-op program with the repro settings; returns (its failure, the repro written)."""
        prog = os.path.join(folder, "prog.py")
        with open(prog, "w") as f:
            f.write(chain_program(200, {117}))
        env = {"TORCHDYNAMO_REPRO_AFTER": "dynamo", "TORCHDYNAMO_REPRO_LEVEL": str(level),
               "TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY": "relu:" + kind}
        status, _, err = run_refc(["run", prog], cwd=folder, env=env, timeout=10 if kind == "hang" else 60)
        with open(os.path.join(folder, "torch_compile_debug", os.listdir(os.path.join(folder, "torch_compile_debug"))[0],
                               "minifier", "manifest.json")) as f:
            manifest = json.load(f)
        self.assertEqual(len(manifest["captured"]), 1, manifest)
        repro = os.path.join(os.path.dirname(f.name), manifest["captured"][0]["file"])
        return failure_of(status, err), repro

    def check(self, kind, level):
        with tempfile.TemporaryDirectory() as folder:
            failure, repro = self.capture(folder, kind, level)
            self.assertNotEqual(failure, "status 0")
            # The repro alone fails as the program did.
            status, _, err = run_refc(["repro", "run", repro], timeout=10 if kind == "hang" else 60)
            self.assertEqual(failure_of(status, err), failure)

            status, out, err = run_refc(["repro", "minify", repro, "-j", "2", "--timeout", HANG_TIMEOUT if kind == "hang" else "30"],
                                        timeout=600)
            self.assertEqual(status, 0, out + err)
            summary = common.read_summary(os.path.join(os.path.dirname(repro), "minify"))
            self.assertEqual(summary["before"]["ops"], 200)
            self.assertEqual(summary["ops"], ["torch.relu"], summary)  # the faulty op alone
            self.assertTrue(summary["reproduces"])

            minimal = summary["repro"]
            status, _, err = run_refc(["repro", "run", minimal], timeout=10 if kind == "hang" else 60)
            self.assertEqual(failure_of(status, err), failure)
            status, out, _ = run_refc(["repro", "get-args", minimal])
            self.assertEqual(status, 0)
            shapes = re.findall(r"tensor \S+ \(([\d, ]*)\)", out)
            self.assertTrue(shapes, out)
            for shape in shapes:
                self.assertTrue(all(int(d) <= 4 for d in shape.replace(",", " ").split()), out)


def _add_matrix():
    for kind, levels in MATRIX.items():
        for level in levels:
            setattr(MinifyFaults, "test_%s_level_%d" % (kind, level),
                    lambda self, kind=kind, level=level: self.check(kind, level))


_add_matrix()


class MinifyRuns(unittest.TestCase):
    def launcher(self, folder, kind, n_ops=60, prog_culprits=(37,), level=2):
        prog = os.path.join(folder, "prog.py")
        with open(prog, "w") as f:
            f.write(chain_program(n_ops, set(prog_culprits)))
        env = {"TORCHDYNAMO_REPRO_AFTER": "dynamo", "TORCHDYNAMO_REPRO_LEVEL": str(level),
               "TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY": "relu:" + kind}
        run_refc(["run", prog], cwd=folder, env=env)
        found = [os.path.join(d, f) for d, _, files in os.walk(folder) for f in files if f == "minifier_launcher.py"]
        self.assertEqual(len(found), 1)
        return found[0]

    def test_two_culprits_keep_one(self):
        with tempfile.TemporaryDirectory() as folder:
            launcher = self.launcher(folder, "runtime_error", 120, (20, 90))
            status, out, err = run_refc(["repro", "minify", launcher, "-q"])
            self.assertEqual(status, 0, err)
            self.assertEqual(common.read_summary(os.path.join(os.path.dirname(launcher), "minify"))["ops"], ["torch.relu"])

    def test_launcher_runs_the_minifier_by_default(self):
        # `refc run minifier_launcher.py` minifies, as PyTorch's launcher does.
        with tempfile.TemporaryDirectory() as folder:
            launcher = self.launcher(folder, "compile_error")
            status, out, err = run_refc(["run", launcher])
            self.assertEqual(status, 0, err)
            self.assertIn("ops       60 -> 1 (torch.relu)", out)

    def test_events_and_resume(self):
        with tempfile.TemporaryDirectory() as folder:
            launcher = self.launcher(folder, "runtime_error", 200, (150,))
            out_dir = os.path.join(folder, "out")
            # Kill the minification once it has accepted a candidate.
            env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH", "PYTHON"))}
            p = subprocess.Popen([common.REFC, "repro", "minify", launcher, "--out", out_dir, "-j", "1", "-q"],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=common.no_core)
            events = os.path.join(out_dir, "events.jsonl")
            try:
                for _ in range(600):
                    if os.path.exists(events):
                        with open(events) as f:
                            if '"event":"accepted"' in f.read():
                                break
                    if p.poll() is not None:
                        break
                    subprocess.run(["sleep", "0.05"])
                p.send_signal(signal.SIGKILL)
            finally:
                p.wait()
            with open(events) as f:
                before = [json.loads(line) for line in f if line.strip()]
            self.assertEqual(before[0]["event"], "start")
            self.assertEqual(before[1]["event"], "target")
            queried = {e["key"] for e in before if e["event"] == "query"}

            status, out, err = run_refc(["repro", "minify", launcher, "--out", out_dir, "--resume", "-q"])
            self.assertEqual(status, 0, err)
            self.assertIn("resuming from", err)
            with open(events) as f:
                after = [json.loads(line) for line in f if line.strip()]
            resumed = after[len(before):]
            self.assertEqual(resumed[0]["event"], "resume")
            self.assertFalse(queried & {e["key"] for e in resumed if e["event"] == "query"},
                             "a query answered before the kill ran again")
            self.assertEqual(after[-1]["event"], "done")
            self.assertEqual(after[-1]["ops"], ["torch.relu"])
            self.assertEqual(after[-1]["before"]["ops"], 200)

    def test_not_failing(self):
        with tempfile.TemporaryDirectory() as folder:
            launcher = self.launcher(folder, "runtime_error")
            # Without the fault, nothing fails.
            common.edit_file(launcher, "'relu:runtime_error'", "''")
            status, out, err = run_refc(["repro", "minify", launcher])
            self.assertEqual(status, 1)
            self.assertIn("does not fail (no failure): nothing to minify", err)

    def test_flaky(self):
        with tempfile.TemporaryDirectory() as folder:
            launcher = self.launcher(folder, "runtime_error")
            # An error in about half the runs.
            common.edit_file(launcher, "'relu:runtime_error'", "'relu:flaky'")
            status, out, err = run_refc(["repro", "minify", launcher, "--runs", "16"])
            self.assertEqual(status, 1)
            self.assertRegex(err, r"the failure is flaky: \d+ of 16 runs ended as the first did")

    def test_graph_with_subgraphs(self):
        # torch.cond's branches are subgraphs (nested classes read by get_attr):
        # the repro replays them and the minifier cuts through them.
        with tempfile.TemporaryDirectory() as folder:
            prog = os.path.join(folder, "prog.py")
            with open(prog, "w") as f:
                f.write("import torch\n\n\ndef f(x):\n"
                        "    y = torch.cond(x.sum() > 0, lambda v: v.relu() + 1, lambda v: v - 1, (x.cos(),))\n"
                        "    return (y * 2).tanh()\n\n\n"
                        "print(torch.compile(f, backend='eager')(torch.ones(3, 4)))\n")
            env = {"TORCHDYNAMO_REPRO_AFTER": "dynamo", "TORCHDYNAMO_REPRO_LEVEL": "2",
                   "TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY": "tanh:runtime_error"}
            run_refc(["run", prog], cwd=folder, env=env)
            launcher = [os.path.join(d, f) for d, _, files in os.walk(folder) for f in files
                        if f == "minifier_launcher.py"][0]
            with open(launcher) as f:
                self.assertIn("class cond_true_0(torch.nn.Module):", f.read())
            status, _, err = run_refc(["repro", "run", launcher])
            self.assertIn("RuntimeError: injected runtime error at tanh", err)
            status, out, err = run_refc(["repro", "minify", launcher, "-q"])
            self.assertEqual(status, 0, err)
            self.assertEqual(common.read_summary(os.path.join(os.path.dirname(launcher), "minify"))["ops"], ["tanh"])

    def test_analyze_finds_the_first_wrong_op(self):
        with tempfile.TemporaryDirectory() as folder:
            launcher = self.launcher(folder, "accuracy", level=4)
            status, out, err = run_refc(["repro", "analyze", launcher])
            self.assertEqual(status, 1, err)
            self.assertIn("nondeterminism: none", out)
            self.assertRegex(out, r"the first op whose compiled value is wrong is \S+ \(torch\.relu\), 23 op\(s\) fail")
            # Without the fault nothing is wrong.
            common.edit_file(launcher, "'relu:accuracy'", "''")
            status, out, err = run_refc(["repro", "analyze", launcher])
            self.assertEqual(status, 0, err)
            self.assertIn("every op's compiled value passes the accuracy check", out)

    def test_analyze_a_graph_that_does_not_compile(self):
        with tempfile.TemporaryDirectory() as folder:
            launcher = self.launcher(folder, "compile_error")
            status, out, _ = run_refc(["repro", "analyze", launcher])
            self.assertEqual(status, 1)
            self.assertIn("the compiled graph fails (BackendCompilerFailed", out)

    def test_help(self):
        status, out, _ = run_refc(["repro", "minify", "--help"])
        self.assertEqual(status, 0)
        for option in ("--jobs", "--timeout", "--out", "--resume", "--runs"):
            self.assertIn(option, out)


if __name__ == "__main__":
    common.main(__doc__)
