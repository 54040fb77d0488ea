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

eager = dynamo.eager
golden_programs = dynamo.golden_programs

REPO_ROOT = dynamo.REPO_ROOT
PROGRAMS_DIR = DYNAMIC_DIR / "programs"
GOLDEN_DIR = DYNAMIC_DIR / "golden"
KNOWN_FAILURES = DYNAMIC_DIR / "known_failures.txt"
# Importing torch._dynamo under the peer takes seconds; refc is much faster.
TIMEOUT_S = dynamo.TIMEOUT_S

default_peer = dynamo.default_peer
default_peer_root = dynamo.default_peer_root
program_env_words = dynamo.program_env_words

_PROGRAMS = golden_programs.ProgramSet(PROGRAMS_DIR, GOLDEN_DIR, eager.program_env, TIMEOUT_S)
all_programs = _PROGRAMS.all_programs
resolve_program = _PROGRAMS.resolve_program
golden_paths = _PROGRAMS.golden_paths
read_golden = _PROGRAMS.read_golden  # (stdout bytes, normalized stderr, exit code)


def run_program(argv_prefix, program, timeout=TIMEOUT_S):
    """Run `argv_prefix + [program.name]` the suite's way; return an Outcome.

    Outcome.stderr is the raw stderr; normalized_stderr(outcome, program) gives
    what is compared.
    """
    return dynamo.run_program(argv_prefix, program, timeout)


def normalized_stderr(outcome, program):
    """The outcome's stderr after dynamic_normalize.normalize (str)."""
    return dynamic_normalize.normalize(outcome.stderr.decode("utf-8", "replace"), program.name)


def golden_bytes(outcome, program):
    """The three golden files' contents: stdout bytes, normalized stderr, exit status line."""
    return (outcome.stdout,
            normalized_stderr(outcome, program).encode("utf-8"),
            f"{outcome.code}\n".encode("ascii"))
