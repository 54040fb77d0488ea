#!/usr/bin/env python3
"""The injectable faults (torch._dynamo.config.inject_fault_TESTING_ONLY),
end to end: each kind, planted on a function op and on a Tensor method of a
compiled program, fails the way it says (an error at compile time or when the
graph runs, a wrong value, a signal, a hang), only where the op is, and
never without the flag. Standard library only."""

import os
import signal
import tempfile
import unittest

from reprotest_common import main, run_refc

PROGRAM = """\
import torch

def fn(x):
    y = torch.sin(x) * 2
    return torch.relu(y) + x.cos()

x = torch.arange(4, dtype=torch.float32) - 1.5
out = torch.compile(fn, backend="eager")(x)
print("same" if torch.allclose(out, fn(x)) else "different")
"""


def run(spec=None, via_env=False, timeout=30):
    """(exit status or -signal, stdout, stderr) of PROGRAM with the fault `spec`."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "prog.py")
        source = PROGRAM
        env = {}
        if spec is not None and via_env:
            env["TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY"] = spec
        elif spec is not None:
            source = "import torch\ntorch._dynamo.config.inject_fault_TESTING_ONLY = %r\n" % spec + source
        with open(path, "w") as f:
            f.write(source)
        return run_refc(["run", path], env=env, timeout=timeout)


class FaultPoints(unittest.TestCase):
    def test_no_fault_without_the_flag(self):
        self.assertEqual(run()[:2], (0, "same\n"))

    def test_a_fault_on_an_op_the_graph_lacks_changes_nothing(self):
        self.assertEqual(run("tanh:crash")[:2], (0, "same\n"))

    def test_compile_error(self):
        code, _, err = run("relu:compile_error")
        self.assertEqual(code, 1)
        self.assertIn("BackendCompilerFailed", err)
        self.assertIn("InjectedCompileError: injected compile error at relu", err)

    def test_runtime_error(self):
        for op in ("relu", "cos"):
            code, _, err = run(op + ":runtime_error")
            self.assertEqual(code, 1, op)
            self.assertIn("RuntimeError: injected runtime error at " + op, err)

    def test_accuracy(self):
        for op in ("relu", "cos", "sin"):
            self.assertEqual(run(op + ":accuracy")[:2], (0, "different\n"), op)

    def test_crash_and_abort_are_signals(self):
        self.assertEqual(run("relu:crash")[0], -signal.SIGSEGV)
        self.assertEqual(run("cos:abort")[0], -signal.SIGABRT)

    def test_hang(self):
        self.assertEqual(run("relu:hang", timeout=5)[0], "timeout")

    def test_oom(self):
        code, _, err = run("relu:oom")
        self.assertEqual(code, 1)
        self.assertIn("DefaultCPUAllocator: not enough memory", err)

    def test_environment_variable(self):
        self.assertEqual(run("relu:accuracy", via_env=True)[:2], (0, "different\n"))

    def test_a_bad_spec_is_refused(self):
        code, _, err = run("relu:melt")
        self.assertEqual(code, 1)
        self.assertIn("'relu:melt' is not op:kind", err)


if __name__ == "__main__":
    main(__doc__)
