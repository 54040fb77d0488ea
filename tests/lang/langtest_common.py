"""Shared pieces of the language-conformance harness (tests/lang).

Both generate_golden.py (which records CPython 3.11's behaviour) and
run_conformance.py (which checks refc against it) run a program through this
module: tests/golden_programs.py's way, with this suite's folders, a fixed
environment and a 20 s timeout, so the two can never drift apart. Standard
library only.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import golden_programs  # noqa: E402

LANG_DIR = Path(__file__).resolve().parent
PROGRAMS_DIR = LANG_DIR / "programs"
GOLDEN_DIR = LANG_DIR / "golden"
TIMEOUT_S = 20.0


def program_env():
    """The environment every program runs in (oracle and refc alike).

    The caller's environment minus PYTHON* variables (they could change how
    the oracle behaves), plus a fixed hash seed and UTF-8 stdio.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


_PROGRAMS = golden_programs.ProgramSet(PROGRAMS_DIR, GOLDEN_DIR, program_env, TIMEOUT_S)
all_programs = _PROGRAMS.all_programs
resolve_program = _PROGRAMS.resolve_program
run_program = _PROGRAMS.run_program  # (argv_prefix, program, timeout=TIMEOUT_S) -> Outcome
golden_paths = _PROGRAMS.golden_paths
read_golden = _PROGRAMS.read_golden  # (stdout bytes, last stderr line, exit code)
last_stderr_line = golden_programs.last_stderr_line
Outcome = golden_programs.Outcome
