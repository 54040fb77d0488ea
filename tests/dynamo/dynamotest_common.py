"""Shared pieces of the Dynamo behaviour suite harness (tests/dynamo).

generate_golden.py (which records PyTorch 2.14 through the torch peer),
run_dynamo.py (which checks refc) and audit_programs.py find, run and compare
programs through this module. How a program is found and run is
tests/golden_programs.py's, with the eager suite's environment
(tests/eager/eagertest_common.py). Standard library only.

One addition: a program may ask for environment variables on its line 2,
  # env: TORCH_LOGS=recompiles
(space-separated NAME=VALUE words). They are added for both the oracle and
refc by running the program through `env NAME=VALUE ...`, after the common
environment has dropped every TORCH*/PYTHON* variable of the caller.
"""

import re
import sys
from pathlib import Path

DYNAMO_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(DYNAMO_DIR.parent / "eager"))
import eagertest_common as eager  # noqa: E402  (the eager suite's environment)
import golden_programs  # noqa: E402  (on the path through eagertest_common)

import dynamo_normalize  # noqa: E402

REPO_ROOT = eager.REPO_ROOT
PROGRAMS_DIR = DYNAMO_DIR / "programs"
GOLDEN_DIR = DYNAMO_DIR / "golden"
KNOWN_FAILURES = DYNAMO_DIR / "known_failures.txt"
# Importing torch._dynamo under the peer takes seconds; refc is much faster.
TIMEOUT_S = 60.0
ENV_LINE = re.compile(r"^# env: (.+)$")
ENV_WORD = re.compile(r"^[A-Z][A-Z0-9_]*=\S*$")


# The line-2 word that turns on refc's guard_fail_reason_origin (2.14's
# guard-failure reasons; the peer prints them anyway): the normalizer then
# keeps the reasons' comments and user stacks (its rule 6b).
ORIGIN_REASONS_WORD = "TORCHDYNAMO_GUARD_FAIL_REASON_ORIGIN=1"


def normalized_stderr(outcome, program):
    """The outcome's stderr after dynamo_normalize.normalize (str)."""
    return dynamo_normalize.normalize(outcome.stderr.decode("utf-8", "replace"), program.name,
                                      origin_reasons=ORIGIN_REASONS_WORD in program_env_words(program))


# The suite's programs; read_golden and golden_bytes are used through it.
PROGRAMS = golden_programs.ProgramSet(PROGRAMS_DIR, GOLDEN_DIR, eager.program_env, TIMEOUT_S,
                                      stderr_of=normalized_stderr)
all_programs = PROGRAMS.all_programs
resolve_program = PROGRAMS.resolve_program


def program_env_words(program):
    """The NAME=VALUE words a program's line-2 `# env:` comment asks for ([] if none)."""
    lines = program.read_text(encoding="utf-8").splitlines()
    if len(lines) < 2:
        return []
    m = ENV_LINE.match(lines[1])
    if not m:
        return []
    words = m.group(1).split()
    bad = [w for w in words if not ENV_WORD.match(w)]
    if bad:
        raise ValueError(f"{program.name}: line 2: not NAME=VALUE: {' '.join(bad)}")
    return words


def run_program(argv_prefix, program, timeout=TIMEOUT_S):
    """Run `argv_prefix + [program.name]` the suite's way; return an Outcome.

    Outcome.stderr is the raw stderr; normalized_stderr(outcome, program) gives
    what is compared.
    """
    words = program_env_words(program)
    prefix = (["env"] + words if words else []) + list(argv_prefix)
    return eager.run_program(prefix, program, timeout)

