"""The program reducer end to end (`refc minify --program`): a planted tracer
bug (a guard kind never installed) shown by a 60-line program is reduced to
at most 8 lines that still show it, and the unmodified build shows nothing
to reduce; failures are reduced while their signature persists; bad input
gets a clear message.

    python3 tests/repro/program_reducer_test.py --refc build/bin/refc"""

import os
import shutil
import tempfile
import unittest

import reprotest_common as common
from reprotest_common import run_refc

PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")
PLANTED = {"TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY": "unguarded_constants"}


def code_lines(text):
    return [line for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


class ProgramReducer(unittest.TestCase):
    def copy(self, folder, name):
        path = os.path.join(folder, name)
        shutil.copy(os.path.join(PROGRAMS, name), path)
        return path

    def test_planted_guard_bug_reduced_to_8_lines(self):
        with tempfile.TemporaryDirectory() as folder:
            prog = self.copy(folder, "stale_constant.py")
            with open(prog) as f:
                self.assertGreaterEqual(len(f.read().splitlines()), 60)
            status, out, err = run_refc(["minify", "--program", prog, "--differs-from-eager", "-q"], env=PLANTED,
                                        timeout=600)
            self.assertEqual(status, 0, err)
            reduced = os.path.join(folder, "stale_constant.minify", "program.py")
            with open(reduced) as f:
                text = f.read()
            self.assertLessEqual(len(text.splitlines()), 8, text)
            # It still shows the bug: compiled, it prints something else than eager ...
            _, compiled, _ = run_refc(["run", reduced], env=PLANTED)
            _, eager, _ = run_refc(["run", reduced], env=dict(PLANTED, TORCH_COMPILE_DISABLE="1"))
            self.assertNotEqual(compiled, eager)
            # ... and only because of the planted bug.
            _, fixed, _ = run_refc(["run", reduced])
            self.assertEqual(fixed, eager)
            summary = common.read_summary(os.path.join(folder, "stale_constant.minify"))
            self.assertEqual(summary["lines_after"], len(code_lines(text)))

    def test_unmodified_build_has_nothing_to_reduce(self):
        with tempfile.TemporaryDirectory() as folder:
            prog = self.copy(folder, "stale_constant.py")
            status, _, err = run_refc(["minify", "--program", prog, "--differs-from-eager"])
            self.assertEqual(status, 1)
            self.assertIn("does not show a difference from eager", err)

    def test_failure_signature_persists(self):
        # A failure inside a compiled function (an injected backend error), in
        # a program with much else: reduced while the same failure persists.
        with tempfile.TemporaryDirectory() as folder:
            prog = self.copy(folder, "stale_constant.py")
            common.edit_file(prog, "y = x.sin()", "y = torch.relu(x.sin())")
            env = {"TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY": "relu:runtime_error"}
            status, _, _ = run_refc(["run", prog], env=env)
            self.assertEqual(status, 1)
            for signature in ([], ["--signature", "injected runtime error at relu"]):
                out_dir = os.path.join(folder, "out%d" % len(signature))
                status, _, err = run_refc(["minify", "--program", prog, "--out", out_dir, "-q"] + signature, env=env,
                                          timeout=600)
                self.assertEqual(status, 0, err)
                reduced = os.path.join(out_dir, "program.py")
                with open(reduced) as f:
                    reduced_text = f.read()
                self.assertLessEqual(len(code_lines(reduced_text)), 6, reduced_text)
                status, _, err = run_refc(["run", reduced], env=env)
                self.assertEqual(status, 1)
                self.assertIn("RuntimeError: injected runtime error at relu", err)

    def test_bad_input(self):
        with tempfile.TemporaryDirectory() as folder:
            broken = os.path.join(folder, "broken.py")
            with open(broken, "w") as f:
                f.write("def f(:\n")
            status, _, err = run_refc(["minify", "--program", broken])
            self.assertEqual(status, 2)
            self.assertIn("is not a program refc parses", err)
            status, _, err = run_refc(["minify", "--program", os.path.join(folder, "missing.py")])
            self.assertEqual(status, 2)
            prog = self.copy(folder, "stale_constant.py")
            status, _, err = run_refc(["minify", "--program", prog, "--signature", "x", "--differs-from-eager"])
            self.assertEqual(status, 2)
            self.assertIn("give one", err)

    def test_unknown_planted_bug(self):
        with tempfile.TemporaryDirectory() as folder:
            prog = self.copy(folder, "stale_constant.py")
            status, _, err = run_refc(["run", prog], env={"TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY": "nope"})
            self.assertEqual(status, 1)
            self.assertIn("unknown bug 'nope' (known: unguarded_constants", err)

    def test_help(self):
        status, out, _ = run_refc(["minify", "--help"])
        self.assertEqual(status, 0)
        for option in ("--program", "--signature", "--differs-from-eager", "--jobs", "--timeout", "--out"):
            self.assertIn(option, out)


if __name__ == "__main__":
    common.main(__doc__)
