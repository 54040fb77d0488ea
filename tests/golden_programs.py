"""How the golden-output suites (tests/lang, tests/eager, tests/dynamo) find,
run and read back their programs, so that the oracle's recording
(generate_golden.py) and the check of refc (golden_runner.py) can never run
a program differently: cwd = the program's folder, argument = its basename
only, stdin from /dev/null, the suite's environment, a timeout, and its own
process group (a timeout kills everything it started). Each suite's
*test_common module binds these to its folders and environment. The
recording side every generate_golden.py shares is here too: two runs that
must agree, and the command line that selects programs and writes their
goldens. Standard library only.
"""

import argparse
import concurrent.futures
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def all_programs(programs_dir):
    """Every program file, sorted by name (NNN_short_name.py)."""
    return sorted(Path(programs_dir).glob("[0-9][0-9][0-9]_*.py"))


def resolve_program(programs_dir, name):
    """Map 'NNN', 'NNN_name', 'NNN_name.py' or a path to a program file.

    Raises ValueError with a readable message when nothing (or more than one
    program) matches.
    """
    base = Path(name).name
    if base.endswith(".py"):
        base = base[:-3]
    exact = Path(programs_dir) / (base + ".py")
    if exact.is_file():
        return exact
    matches = [p for p in all_programs(programs_dir) if p.stem.split("_", 1)[0] == base]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise ValueError(f"no program named {name!r} in {programs_dir}")
    raise ValueError(f"{name!r} is ambiguous: " + ", ".join(p.name for p in matches))


def program_env(dropped_prefixes):
    """The environment every program runs in (oracle and refc alike).

    The caller's environment minus the variables whose names start with one
    of `dropped_prefixes` (they could change how a program behaves), plus a
    fixed hash seed and UTF-8 stdio.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped_prefixes)}
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def last_stderr_line(data):
    """The last non-blank line of stderr, without its line ending ('' if none)."""
    lines = [ln for ln in data.decode("utf-8", "replace").splitlines() if ln.strip()]
    return lines[-1].rstrip("\r\n") if lines else ""


class Outcome:
    """What one run of a program produced."""

    def __init__(self, stdout, stderr, code, timed_out, seconds):
        self.stdout = stdout                      # bytes, exact
        self.stderr = stderr                      # bytes, whole
        self.err_line = last_stderr_line(stderr)  # str, last stderr line
        self.code = code                          # int exit status (negative: signal), None on timeout
        self.timed_out = timed_out
        self.seconds = seconds


def run_program(argv_prefix, program, timeout, env):
    """Run `argv_prefix + [program.name]` in the program's folder; return an Outcome."""
    start = time.monotonic()
    proc = subprocess.Popen(
        list(argv_prefix) + [program.name],
        cwd=str(program.parent),
        env=env,
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


def last_line(outcome, program):
    """The stderr form the goldens of most suites hold: its last line."""
    return outcome.err_line


def golden_bytes(outcome, stderr):
    """The three golden files' contents: stdout bytes, the stderr form the
    suite compares (str), the exit status as a decimal line."""
    return (outcome.stdout, stderr.encode("utf-8"), f"{outcome.code}\n".encode("ascii"))


def golden_paths(golden_dir, program):
    """(.out, .err, .code) golden files for a program."""
    stem = program.stem
    golden_dir = Path(golden_dir)
    return (golden_dir / (stem + ".out"), golden_dir / (stem + ".err"), golden_dir / (stem + ".code"))


def read_golden(golden_dir, program):
    """(stdout bytes, stderr text as recorded, exit code) for a program."""
    out_p, err_p, code_p = golden_paths(golden_dir, program)
    return (out_p.read_bytes(),
            err_p.read_text(encoding="utf-8"),
            int(code_p.read_text(encoding="utf-8").strip()))


class ProgramSet:
    """One suite's programs: its folders, environment, timeout and the stderr
    form its goldens hold (stderr_of(outcome, program) -> str) bound to the
    functions above (a suite's common module exports these methods)."""

    def __init__(self, programs_dir, golden_dir, env, timeout, stderr_of=last_line):
        self.programs_dir, self.golden_dir, self.env, self.timeout = programs_dir, golden_dir, env, timeout
        self.stderr_of = stderr_of

    def all_programs(self):
        return all_programs(self.programs_dir)

    def resolve_program(self, name):
        return resolve_program(self.programs_dir, name)

    def run_program(self, argv_prefix, program, timeout=None):
        return run_program(argv_prefix, program, self.timeout if timeout is None else timeout, self.env())

    def golden_paths(self, program):
        return golden_paths(self.golden_dir, program)

    def read_golden(self, program):
        return read_golden(self.golden_dir, program)

    def golden_bytes(self, outcome, program):
        return golden_bytes(outcome, self.stderr_of(outcome, program))


def record_twice(run, program, timeout, golden_bytes, checks=()):
    """Runs `program` twice under the oracle (run(program, timeout) -> Outcome).

    Returns (the three golden files' contents, None), or (None, why not): a
    timeout, a signal, two runs whose goldens would differ, or the first
    problem one of `checks`(program, first outcome, contents) finds.
    """
    first = run(program, timeout)
    second = run(program, timeout)
    if first.timed_out or second.timed_out:
        return None, f"timed out after {timeout:g} s"
    if first.code is not None and first.code < 0:
        return None, f"killed by signal {-first.code}"
    data = golden_bytes(first, program)
    if data != golden_bytes(second, program):
        return None, "not deterministic: two runs differ"
    for check in checks:
        problem = check(program, first, data)
        if problem:
            return None, problem
    return data, None


def select_programs(common, names, script):
    """The programs named on a command line (all of the suite's if none);
    exits with `script`'s message when a name matches no program or several."""
    try:
        return [common.resolve_program(n) for n in names] if names else common.all_programs()
    except ValueError as exc:
        sys.exit(f"{script}: {exc}")


def generator_arguments(doc):
    """The command line every generate_golden.py starts from (its docstring's
    first paragraph as the description)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("programs", nargs="*", metavar="PROGRAM",
                        help="NNN, NNN_name or NNN_name.py (default: all programs; stale "
                             "goldens of deleted programs are then removed)")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if any golden differs from a fresh run")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="programs recorded in parallel (default: CPU count)")
    return parser


def generate(common, args, record, oracle=None, validate=None):
    """Records the programs `args` (generator_arguments) selects with
    record(program) -> (contents, problem) and writes (or checks) their
    goldens; validate(program) may raise ValueError for a malformed program.
    Returns the exit status."""
    programs = select_programs(common, args.programs, "generate_golden.py")
    try:
        for program in programs if validate else ():
            validate(program)
    except ValueError as exc:
        sys.exit(f"generate_golden.py: {exc}")
    if not programs:
        sys.exit(f"generate_golden.py: no programs under {common.PROGRAMS_DIR}")
    return write_goldens(common.GOLDEN_DIR, programs, record, check=args.check, jobs=args.jobs,
                         whole_suite=not args.programs, oracle=oracle)


def write_goldens(golden_dir, programs, record, *, check, jobs, whole_suite, oracle=None):
    """What every generate_golden.py does once its oracle is ready.

    record(program) -> (contents, problem): the three golden files' bytes
    (.out, .err, .code), or None and why not. Records every program in
    parallel; writes the goldens that changed (with `check`, lists them as
    stale instead); when `whole_suite` ran, removes (lists) the goldens of
    programs that no longer exist; prints the report, headed by `oracle`.
    Returns the exit status: 1 on any problem (or stale golden), else 0.
    """
    golden_dir = Path(golden_dir)
    golden_dir.mkdir(exist_ok=True)
    problems, stale, written = [], [], 0
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        for program, (contents, problem) in zip(programs, pool.map(record, programs)):
            if problem:
                problems.append(f"{program.name}: {problem}")
                continue
            for path, blob in zip(golden_paths(golden_dir, program), contents):
                if path.is_file() and path.read_bytes() == blob:
                    continue
                if check:
                    stale.append(path.name)
                else:
                    path.write_bytes(blob)
                    written += 1
    if whole_suite:
        known = {p.stem for p in programs}
        for path in sorted(golden_dir.iterdir()):
            if path.suffix in (".out", ".err", ".code") and path.stem not in known:
                if check:
                    stale.append(f"{path.name} (no such program)")
                else:
                    path.unlink()

    for line in problems:
        print(f"ERROR {line}", file=sys.stderr)
    if oracle:
        print(oracle)
    if check:
        for name in stale:
            print(f"STALE {name}")
        print(f"{len(programs)} programs checked, {len(stale)} stale goldens, {len(problems)} errors")
        return 1 if stale or problems else 0
    print(f"{len(programs) - len(problems)} programs recorded, {written} golden files changed, "
          f"{len(problems)} errors")
    return 1 if problems else 0
