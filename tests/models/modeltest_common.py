"""Shared pieces of the model-file suite (tests/models): programs run the way
tests/eager runs them (eagertest_common: its environment, tests/golden_programs.py's
way of running), with this suite's folders and a 60 s timeout, for
generate_golden.py and run_models.py alike. Standard library only.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "eager"))
import eagertest_common  # noqa: E402  (it puts tests/ on the path)
import golden_programs  # noqa: E402

MODELS_DIR = Path(__file__).resolve().parent
REPO_ROOT = MODELS_DIR.parent.parent
PROGRAMS_DIR = MODELS_DIR / "programs"
GOLDEN_DIR = MODELS_DIR / "golden"
TIMEOUT_S = 60.0
program_env = eagertest_common.program_env

PROGRAMS = golden_programs.ProgramSet(PROGRAMS_DIR, GOLDEN_DIR, program_env, TIMEOUT_S)
all_programs = PROGRAMS.all_programs
resolve_program = PROGRAMS.resolve_program
run_program = PROGRAMS.run_program  # (argv_prefix, program, timeout=TIMEOUT_S) -> Outcome
