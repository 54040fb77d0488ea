"""Shared pieces of the model-file suite (tests/models).

generate_golden.py (which records PyTorch 2.14's behaviour through the torch
peer) and run_models.py (which checks refc against it) run a program through
this module: tests/golden_programs.py's way, with this suite's folders, a
fixed environment and a 20 s timeout, so the two can never drift apart.
Standard library only.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import golden_programs  # noqa: E402

MODELS_DIR = Path(__file__).resolve().parent
REPO_ROOT = MODELS_DIR.parent.parent
PROGRAMS_DIR = MODELS_DIR / "programs"
GOLDEN_DIR = MODELS_DIR / "golden"
TIMEOUT_S = 60.0

# Environment variables that could change how a program behaves under either
# refc or PyTorch: Python's own, and every torch logging / config switch.
DROPPED_ENV_PREFIXES = ("PYTHON", "TORCH", "PYTORCH", "OMP_", "MKL_")


def program_env():
    """The environment every program runs in (oracle and refc alike): see
    golden_programs.program_env. (torch-peer itself starts the program with a
    clean environment; this keeps refc's equal.)"""
    return golden_programs.program_env(DROPPED_ENV_PREFIXES)


# The suite's programs; read_golden and golden_bytes are used through it.
PROGRAMS = golden_programs.ProgramSet(PROGRAMS_DIR, GOLDEN_DIR, program_env, TIMEOUT_S)
all_programs = PROGRAMS.all_programs
resolve_program = PROGRAMS.resolve_program
run_program = PROGRAMS.run_program  # (argv_prefix, program, timeout=TIMEOUT_S) -> Outcome
