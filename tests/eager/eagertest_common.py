"""Shared pieces of the differential eager test harness (tests/eager).

generate_golden.py (which records PyTorch 2.14's behaviour through the torch
peer) and run_eager.py (which checks refc against it) run a program through
this module: tests/golden_programs.py's way, with this suite's folders, a
fixed environment and a 20 s timeout, so the two can never drift apart.
Standard library only.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import golden_programs  # noqa: E402

EAGER_DIR = Path(__file__).resolve().parent
REPO_ROOT = EAGER_DIR.parent.parent
PROGRAMS_DIR = EAGER_DIR / "programs"
GOLDEN_DIR = EAGER_DIR / "golden"
TIMEOUT_S = 20.0

# Environment variables that could change how a program behaves under either
# refc or PyTorch: Python's own, and every torch logging / config switch.
DROPPED_ENV_PREFIXES = ("PYTHON", "TORCH", "PYTORCH", "OMP_", "MKL_")


def default_peer():
    """The torch-peer script: $REFC_TORCH_PEER, else ../shared/peer/torch-peer beside the repo."""
    env = os.environ.get("REFC_TORCH_PEER")
    if env:
        return env
    return str((REPO_ROOT.parent / "shared" / "peer" / "torch-peer").resolve())


def default_peer_root():
    """The peer's chroot: $PEER_ROOT, else .peer/sid under the repo root."""
    env = os.environ.get("PEER_ROOT")
    if env:
        return env
    return str(REPO_ROOT / ".peer" / "sid")


def program_env():
    """The environment every program runs in (oracle and refc alike).

    The caller's environment minus PYTHON*/TORCH*/PYTORCH*/OMP_*/MKL_*
    variables, plus a fixed hash seed and UTF-8 stdio. (torch-peer itself
    starts the program with a clean environment; this keeps refc's equal.)
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(DROPPED_ENV_PREFIXES)}
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
