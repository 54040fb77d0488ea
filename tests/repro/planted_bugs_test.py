"""The planted bugs (dynamo/planted_bugs.def, TESTING_ONLY): for each one,
a program in tests/repro/planted/ that prints something else compiled than
eager when the bug is switched on, and exactly what eager prints on the
unmodified build - so each bug is real, and the normal build does not have
it. Every bug in the registry has its program.

    python3 tests/repro/planted_bugs_test.py --refc build/bin/refc"""

import os
import re
import unittest

import reprotest_common as common
from reprotest_common import run_refc

HERE = os.path.dirname(os.path.abspath(__file__))
REGISTRY = os.path.join(HERE, "..", "..", "reference_compiler", "dynamo", "planted_bugs.def")


def planted_bugs():
    with open(REGISTRY) as f:
        return re.findall(r"^PLANTED_BUG\((\w+),", f.read(), re.M)


class PlantedBugs(unittest.TestCase):
    def test_every_bug_has_a_program(self):
        programs = {name[:-3] for name in os.listdir(os.path.join(HERE, "planted")) if name.endswith(".py")}
        self.assertEqual(programs, set(planted_bugs()))

    def check(self, bug):
        program = os.path.join(HERE, "planted", bug + ".py")
        on = {"TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY": bug}
        status, eager, err = run_refc(["run", program], env=dict(on, TORCH_COMPILE_DISABLE="1"))
        self.assertEqual(status, 0, err)
        status, normal, err = run_refc(["run", program])
        self.assertEqual(status, 0, err)
        self.assertEqual(normal, eager, "the unmodified build differs from eager")
        status, buggy, err = run_refc(["run", program], env=on)
        self.assertEqual(status, 0, err)
        self.assertNotEqual(buggy, eager, "the planted bug changes nothing")


for _bug in planted_bugs():
    setattr(PlantedBugs, "test_" + _bug, lambda self, bug=_bug: self.check(bug))


if __name__ == "__main__":
    common.main(__doc__)
