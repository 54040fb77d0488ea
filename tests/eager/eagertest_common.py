"""Shared pieces of the differential eager test harness (tests/eager).

generate_golden.py (which records PyTorch 2.14's behaviour through the torch
peer) and run_eager.py (which checks refc against it) run a program the same
way: cwd = tests/eager/programs, argument = the program's basename only, stdin
from /dev/null, a fixed environment and a 20 s timeout. Keeping that here
means the two can never drift apart. Standard library only.
"""

import os
import signal
import subprocess
import time
from pathlib import Path

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


def all_programs():
    """Every program file, sorted by name (NNN_short_name.py)."""
    return sorted(PROGRAMS_DIR.glob("[0-9][0-9][0-9]_*.py"))


def resolve_program(name):
    """Map 'NNN', 'NNN_name', 'NNN_name.py' or a path to a program file.

    Raises ValueError with a readable message when nothing (or more than one
    program) matches.
    """
    base = Path(name).name
    if base.endswith(".py"):
        base = base[:-3]
    exact = PROGRAMS_DIR / (base + ".py")
    if exact.is_file():
        return exact
    matches = [p for p in all_programs() if p.stem.split("_", 1)[0] == base]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise ValueError(f"no program named {name!r} in {PROGRAMS_DIR}")
    raise ValueError(f"{name!r} is ambiguous: " + ", ".join(p.name for p in matches))


def last_stderr_line(data):
    """The last non-blank line of stderr, without its line ending ('' if none)."""
    lines = [ln for ln in data.decode("utf-8", "replace").splitlines() if ln.strip()]
    return lines[-1].rstrip("\r\n") if lines else ""


class Outcome:
    """What one run of a program produced."""

    def __init__(self, stdout, stderr, code, timed_out, seconds):
        self.stdout = stdout                    # bytes, exact
        self.stderr = stderr                    # bytes, whole
        self.err_line = last_stderr_line(stderr)  # str, last stderr line
        self.code = code                        # int exit status (negative: signal), None on timeout
        self.timed_out = timed_out
        self.seconds = seconds


def run_program(argv_prefix, program, timeout=TIMEOUT_S):
    """Run `argv_prefix + [program.name]` the suite's way; return an Outcome.

    The child gets its own process group so a timeout kills everything it
    started, not just the direct child.
    """
    start = time.monotonic()
    proc = subprocess.Popen(
        list(argv_prefix) + [program.name],
        cwd=str(program.parent),
        env=program_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
        timed_out = True
    seconds = time.monotonic() - start
    code = None if timed_out else proc.returncode
    return Outcome(out, err, code, timed_out, seconds)


def golden_paths(program):
    """(.out, .err, .code) golden files for a program."""
    stem = program.stem
    return (GOLDEN_DIR / (stem + ".out"), GOLDEN_DIR / (stem + ".err"), GOLDEN_DIR / (stem + ".code"))


def read_golden(program):
    """(stdout bytes, err line, exit code) recorded for a program."""
    out_p, err_p, code_p = golden_paths(program)
    return (out_p.read_bytes(),
            err_p.read_text(encoding="utf-8"),
            int(code_p.read_text(encoding="utf-8").strip()))
