"""Shared pieces of the dynamic-shapes behaviour suite harness (tests/dynamic).

generate_golden.py (which records PyTorch 2.14 through the torch peer),
run_dynamic.py (which checks refc) and audit_programs.py find, run and compare
programs through this module. Programs run exactly as tests/dynamo runs its
own (dynamotest_common.py): the eager suite's environment, the program's
line-2 `# env: NAME=VALUE ...` variables added through `env`, cwd
programs/, the basename as the only argument. Only the stderr normalization
differs: dynamic_normalize.normalize, which applies the Dynamo suite's rules
and then the dynamic-shapes ones. Standard library only.
"""

import sys
from pathlib import Path

DYNAMIC_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(DYNAMIC_DIR.parent / "dynamo"))
import dynamotest_common as dynamo  # noqa: E402  (how programs run, `# env:` lines)

import dynamic_normalize  # noqa: E402

golden_programs = dynamo.golden_programs

REPO_ROOT = dynamo.REPO_ROOT
PROGRAMS_DIR = DYNAMIC_DIR / "programs"
GOLDEN_DIR = DYNAMIC_DIR / "golden"
KNOWN_FAILURES = DYNAMIC_DIR / "known_failures.txt"
# Importing torch._dynamo under the peer takes seconds; refc is much faster.
TIMEOUT_S = dynamo.TIMEOUT_S

program_env_words = dynamo.program_env_words
# (argv_prefix, program, timeout=TIMEOUT_S) -> Outcome, with the `# env:` words
run_program = dynamo.run_program


def normalized_stderr(outcome, program):
    """The outcome's stderr after dynamic_normalize.normalize (str)."""
    return dynamic_normalize.normalize(outcome.stderr.decode("utf-8", "replace"), program.name)


# The suite's programs; read_golden and golden_bytes are used through it.
PROGRAMS = golden_programs.ProgramSet(PROGRAMS_DIR, GOLDEN_DIR, dynamo.eager.program_env, TIMEOUT_S,
                                      stderr_of=normalized_stderr)
all_programs = PROGRAMS.all_programs
resolve_program = PROGRAMS.resolve_program
