#!/usr/bin/env python3
"""Repro after Dynamo, end to end: a program with an injected fault, run
with TORCHDYNAMO_REPRO_AFTER=dynamo at each level, writes the repro the level
promises (repro.py or minifier_launcher.py, listed in manifest.json, named in
the exception), and the repro replayed alone (`refc repro run`) fails the
same way. Inputs come back with their exact geometry and storage sharing;
a moved repro replays, a tampered data file is refused, missing data is
synthesized. Standard library only."""

import glob
import json
import os
import shutil
import signal
import tempfile
import unittest

from reprotest_common import main, run_refc

PROGRAM = """\
import torch

def fn(x, y, w):
    a = torch.sin(x) * 2
    b = torch.relu(a) + y
    return b.cos() * w.sum(), a

base = torch.arange(12, dtype=torch.float32).reshape(3, 4) - 5.5
x = base[1:, ::2]          # a view: offset 4, strides (4, 2)
y = base[0, :2]            # shares x's storage
w = torch.ones(2, requires_grad=True)
out = torch.compile(fn, backend="eager")(x, y, w)
print("done")
"""

class Workspace:
    """A temporary folder with the program, where refc runs."""

    def __init__(self):
        self.dir = tempfile.mkdtemp()
        with open(os.path.join(self.dir, "prog.py"), "w") as f:
            f.write(PROGRAM)

    def refc(self, *args, env=None):
        return run_refc(list(args), cwd=self.dir, env=env)

    def capture(self, level, fault):
        return self.refc("run", "prog.py", env={"TORCHDYNAMO_REPRO_AFTER": "dynamo",
                                                "TORCHDYNAMO_REPRO_LEVEL": str(level),
                                                "TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY": fault})

    def minifier_dir(self):
        found = glob.glob(os.path.join(self.dir, "torch_compile_debug", "run_*", "minifier"))
        assert len(found) == 1, found
        return found[0]

    def manifest(self):
        with open(os.path.join(self.minifier_dir(), "manifest.json")) as f:
            return json.load(f)

    def cleanup(self):
        shutil.rmtree(self.dir)


class ReproAfterDynamo(unittest.TestCase):
    def setUp(self):
        self.ws = Workspace()

    def tearDown(self):
        self.ws.cleanup()

    def captured(self, level, fault, filename):
        code, _, err = self.ws.capture(level, fault)
        manifest = self.ws.manifest()
        self.assertEqual(manifest["format"], 2)
        self.assertEqual(len(manifest["captured"]), 1)
        entry = manifest["captured"][0]
        self.assertEqual(entry["level"], level)
        self.assertEqual(entry["file"], "graph_0/" + filename)
        path = os.path.join(self.ws.minifier_dir(), entry["file"])
        self.assertTrue(os.path.isfile(path))
        return code, err, path

    def test_level_1_runtime_error_writes_repro_py(self):
        code, err, path = self.captured(1, "relu:runtime_error", "repro.py")
        self.assertEqual(code, 1)
        self.assertIn("Minifier script written to " + path + ". Run this script", err)  # the error names the file
        code, _, err = self.ws.refc("repro", "run", path)
        self.assertEqual(code, 1)
        self.assertIn("RuntimeError: injected runtime error at relu", err)

    def test_level_2_compile_error_writes_the_launcher(self):
        code, err, path = self.captured(2, "relu:compile_error", "minifier_launcher.py")
        self.assertEqual(code, 1)
        self.assertIn("InjectedCompileError: injected compile error at relu", err)
        self.assertIn("Minifier script written to " + path + ". Run this script", err)
        code, _, err = self.ws.refc("repro", "run", path)
        self.assertEqual(code, 1)
        self.assertIn("InjectedCompileError: injected compile error at relu", err)

    def test_an_error_without_a_message(self):
        # PyTorch's relu_compile_error_TESTING_ONLY raises ReluCompileError()
        with open(os.path.join(self.ws.dir, "prog.py"), "w") as f:
            f.write(PROGRAM.replace('backend="eager"', 'backend="relu_compile_error_TESTING_ONLY"'))
        code, _, err = self.ws.capture(2, "")
        self.assertEqual(code, 1)
        entry = self.ws.manifest()["captured"][0]
        path = os.path.join(self.ws.minifier_dir(), entry["file"])
        self.assertIn("ReluCompileError: \n", err)
        self.assertIn("Minifier script written to " + path + ". Run this script", err)
        code, _, err = self.ws.refc("repro", "run", path)
        self.assertEqual(code, 1)
        self.assertIn("ReluCompileError", err)

    def test_symbolic_int_inputs(self):
        # the recompiled graph takes the dynamic size and int as torch.SymInts
        with open(os.path.join(self.ws.dir, "prog.py"), "w") as f:
            f.write("import torch\n"
                    "fn = torch.compile(lambda x, n: torch.relu(x * n) + x.size(0), backend='eager')\n"
                    "fn(torch.ones(2, 3), 2)\n"
                    "print(fn(torch.ones(4, 3), 3).sum().item())\n")
        code, out, _ = self.ws.capture(3, "")
        self.assertEqual((code, out), (0, "84.0\n"))
        path = os.path.join(self.ws.minifier_dir(), self.ws.manifest()["captured"][1]["file"])
        with open(path) as f:
            self.assertIn("reader.symint(4, expr='s0')  # s0", f.read())
        code, out, _ = self.ws.refc("repro", "get-args", path)
        self.assertEqual(code, 0)
        self.assertEqual(out.splitlines(), [
            "arg 0: 4",
            "arg 1: tensor torch.float32 (4, 3) stride=(3, 1) offset=0 requires_grad=False",
            "arg 2: 3",
        ])
        self.assertEqual(self.ws.refc("repro", "run", path)[0], 0)

    def test_level_3_writes_before_a_crash(self):
        code, _, path = self.captured(3, "cos:crash", "minifier_launcher.py")
        self.assertEqual(code, -signal.SIGSEGV)
        self.assertEqual(self.ws.refc("repro", "run", path)[0], -signal.SIGSEGV)

    def test_level_4_accuracy(self):
        code, err, path = self.captured(4, "relu:accuracy", "minifier_launcher.py")
        self.assertEqual(code, 1)
        self.assertIn("AccuracyError: Bad accuracy detected.", err)
        self.assertEqual(self.ws.manifest()["captured"][0]["accuracy"], True)
        code, _, err = self.ws.refc("repro", "run", path)
        self.assertEqual(code, 1)
        self.assertIn("AccuracyError: Bad accuracy detected.", err)

    def test_level_4_passes_a_correct_graph(self):
        code, out, _ = self.ws.capture(4, "")
        self.assertEqual((code, out), (0, "done\n"))
        self.assertFalse(os.path.exists(os.path.join(self.ws.dir, "torch_compile_debug")))

    def test_inputs_keep_geometry_and_sharing(self):
        _, _, path = self.captured(2, "relu:runtime_error", "minifier_launcher.py")
        with open(path) as f:
            source = f.read()
        self.assertEqual(source.count("reader.storage("), 2)  # x and y share one storage
        code, out, _ = self.ws.refc("repro", "get-args", path)
        self.assertEqual(code, 0)
        self.assertEqual(out.splitlines(), [
            "arg 0: tensor torch.float32 (2, 2) stride=(4, 2) offset=4 requires_grad=False",
            "arg 1: tensor torch.float32 (2,) stride=(1,) offset=0 requires_grad=False",
            "arg 2: tensor torch.float32 (2,) stride=(1,) offset=0 requires_grad=True",
        ])

    def test_moved_tampered_and_missing_data(self):
        _, _, path = self.captured(2, "relu:runtime_error", "minifier_launcher.py")
        moved = os.path.join(self.ws.dir, "elsewhere")
        shutil.copytree(os.path.dirname(path), moved)
        launcher = os.path.join(moved, "minifier_launcher.py")
        code, _, err = self.ws.refc("repro", "run", launcher)
        self.assertIn("RuntimeError: injected runtime error at relu", err)
        data = sorted(glob.glob(os.path.join(moved, "repro_data", "*")))
        with open(data[0], "r+b") as f:
            f.seek(-1, os.SEEK_END)
            last = f.read(1)
            f.seek(-1, os.SEEK_END)
            f.write(bytes([last[0] ^ 1]))
        code, _, err = self.ws.refc("repro", "run", launcher)
        self.assertEqual(code, 1)
        self.assertIn("was changed: its bytes hash to", err)
        shutil.rmtree(os.path.join(moved, "repro_data"))
        code, _, err = self.ws.refc("repro", "run", launcher)
        self.assertIn("made from their recorded ranges", err)
        self.assertIn("RuntimeError: injected runtime error at relu", err)

    def test_a_newer_format_is_refused(self):
        _, _, path = self.captured(2, "relu:runtime_error", "minifier_launcher.py")
        with open(path) as f:
            source = f.read()
        with open(path, "w") as f:
            f.write(source.replace("load_args._version = 2", "load_args._version = 7"))
        code, _, err = self.ws.refc("repro", "run", path)
        self.assertEqual(code, 1)
        self.assertIn("this file has format version 7; this refc reads versions 1 to 2", err)


if __name__ == "__main__":
    main(__doc__)
