#!/usr/bin/env python3
"""Checks the `refc` command line: exit codes (0 success, 1 uncaught exception
or syntax error, 2 usage error), sys.argv for `refc run`, --help and --version,
TORCH_LOGS read at `import torch`, that `refc dis` shows the loop, with
and try blocks of a function, and that `refc pgo show` prints a profile
(written here from the format's description) as PyTorch's render_code_state
does, or as JSON, and refuses missing and corrupt files.

    cli_test.py --refc build/bin/refc

Prints one line per failed check and exits 1 if any failed.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import zlib

DIS_PROGRAM = """\
def f(items, path):
    total = 0
    for x in items:
        total += x
    with open(path) as fh:
        data = fh.read()
    try:
        n = int(data)
    except ValueError:
        n = -1
    return total + n
"""

# A profile of e7.py (dynamo-spec.md 5.6): x's dim 0 and the int n dynamic.
E7_CODE_STATES = [{
    "filename": "/w/e7.py", "firstlineno": 2, "name": "fn", "file_hash": "dcd28177", "closure_hash": None,
    "automatic_dynamic": {
        "L['x']": {"scalar": "?", "size": ["?", 3], "stride": ["S(1)", 1]},
        "L['n']": {"scalar": "?", "size": "?", "stride": "?"},
    },
}]
E7_RENDERED = """\
hash(dcd28177)/w/e7.py:2:fn:
  L['x']: tensor size=[?, 3] stride=[S(1), 1]
  L['n']: fully dynamic scalar or tensor

PGO detected a recompilation due to dynamic shapes. To reduce shape recompilations by compiling \
dynamically to start, set environment variable TORCH_COMPILE_DYNAMIC_SOURCES="L['x'],L['n']"
"""


def profile_text(code_states):
    """A profile file: the payload checksummed over its compact JSON."""
    payload = {"code_states": code_states}
    compact = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    return json.dumps({"format": "refc-dynamo-code-state", "version": 1,
                       "checksum": "crc32:%08x" % zlib.crc32(compact.encode()),
                       "payload": payload}, indent=2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refc", required=True, help="the refc binary")
    refc = parser.parse_args().refc
    failures = []

    def run(*args, env=None, unset=()):
        environment = {**os.environ, **(env or {})}
        for name in unset:
            environment.pop(name, None)
        return subprocess.run([refc, *args], capture_output=True, text=True, timeout=60, env=environment)

    def check(what, ok, result):
        if not ok:
            failures.append(f"{what}: exit {result.returncode}\n"
                            f"  stdout: {result.stdout[-600:]!r}\n  stderr: {result.stderr[-600:]!r}")

    with tempfile.TemporaryDirectory() as tmp:
        def program(name, text):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            return path

        r = run("--version")
        check("--version", r.returncode == 0 and r.stdout.startswith("refc "), r)
        for args in (["--help"], ["run", "--help"], ["dis", "--help"]):
            r = run(*args)
            check(" ".join(args), r.returncode == 0 and "Usage:" in r.stdout, r)

        for args in ([], ["frobnicate"], ["run"], ["run", os.path.join(tmp, "missing.py")]):
            r = run(*args)
            check(f"usage error {args}", r.returncode == 2 and r.stderr != "", r)

        argv = program("argv.py", "import sys\nprint(sys.argv[1:])\nsys.exit(int(sys.argv[1]))\n")
        r = run("run", argv, "7", "--flag")
        check("run passes arguments", r.returncode == 7 and r.stdout == "['7', '--flag']\n", r)

        r = run("run", program("ok.py", "print('hi')\n"))
        check("run success", r.returncode == 0 and r.stdout == "hi\n", r)
        r = run("run", program("boom.py", "def f():\n    raise KeyError('k')\nf()\n"))
        check("uncaught exception", r.returncode == 1 and
              r.stderr.startswith("Traceback (most recent call last):") and
              r.stderr.endswith("KeyError: 'k'\n"), r)
        r = run("run", program("bad.py", "x = (1,\n"))
        check("syntax error", r.returncode == 1 and "SyntaxError: '(' was never closed" in r.stderr, r)

        uses_torch = program("uses_torch.py", "import torch\nprint('imported')\n")
        r = run("run", uses_torch, env={"TORCH_LOGS": "bogus"})
        check("TORCH_LOGS=bogus fails at import torch", r.returncode == 1 and
              "ValueError: \nInvalid log settings: bogus, must be a comma separated list" in r.stderr, r)
        r = run("run", uses_torch, env={"TORCH_LOGS": "help"})
        check("TORCH_LOGS=help", r.returncode == 1 and "TORCH_LOGS Info" in r.stderr, r)
        r = run("run", uses_torch, env={"TORCH_LOGS": "+dynamo,recompiles,-inductor"})
        check("TORCH_LOGS accepted", r.returncode == 0 and r.stdout == "imported\n", r)

        r = run("dis", program("blocks.py", DIS_PROGRAM))
        listing = r.stdout
        f_part = listing[listing.find("<code object f"):]
        blocks = f_part[f_part.find("blocks:"):]
        blocks = blocks[:blocks.find("\n\n")]
        check("dis shows loop/with/try blocks",
              r.returncode == 0 and all(f" {kind} " in blocks for kind in ("loop", "with", "try"))
              and "# loop[0]" in f_part, r)

        check_pgo_show(tmp, program, run, check)

    for failure in failures:
        print("FAIL", failure)
    print(f"cli: {'all checks passed' if not failures else f'{len(failures)} check(s) failed'}")
    return 1 if failures else 0


def check_pgo_show(tmp, program, run, check):
    pgo_env = ("TORCH_COMPILE_JOB_ID", "TORCH_COMPILE_STICKY_PGO_KEY", "TORCH_COMPILE_CACHE_KEY_TAG",
               "TORCHINDUCTOR_FORCE_DISABLE_CACHES", "TORCH_COMPILE_FORCE_DISABLE_CACHES")
    e7 = program("e7.json", profile_text(E7_CODE_STATES))

    for args in (["pgo", "--help"], ["pgo", "show", "--help"]):
        r = run(*args)
        check(" ".join(args), r.returncode == 0 and "Usage:" in r.stdout, r)
    for args in (["pgo"], ["pgo", "show", e7, e7], ["pgo", "show", "--yaml", e7]):
        r = run(*args)
        check(f"usage error {args}", r.returncode == 2 and r.stderr != "", r)

    r = run("pgo", "show", e7)
    check("pgo show FILE renders the profile", r.returncode == 0 and r.stdout == E7_RENDERED, r)
    r = run("pgo", "show", "--json", e7)
    try:
        shown = json.loads(r.stdout)
    except ValueError:
        shown = {}
    check("pgo show --json prints the profile", r.returncode == 0 and
          shown.get("format") == "refc-dynamo-code-state" and
          shown.get("payload") == {"code_states": E7_CODE_STATES}, r)

    # Without FILE: the profile the job id selects under REFC_CACHE_DIR.
    cache = os.path.join(tmp, "cache")
    os.makedirs(os.path.join(cache, "dynamo"))
    with open(os.path.join(cache, "dynamo", "code_state_team_run_None_.json"), "w") as f:
        f.write(profile_text(E7_CODE_STATES))
    r = run("pgo", "show", env={"REFC_CACHE_DIR": cache, "TORCH_COMPILE_JOB_ID": "team/run"}, unset=pgo_env[1:])
    check("pgo show finds the job's profile", r.returncode == 0 and r.stdout == E7_RENDERED, r)
    r = run("pgo", "show", env={"REFC_CACHE_DIR": cache}, unset=pgo_env)
    check("pgo show without a job id", r.returncode == 1 and r.stdout == "" and
          "no profile selected: set TORCH_COMPILE_JOB_ID" in r.stderr, r)
    r = run("pgo", "show", env={"REFC_CACHE_DIR": cache, "TORCH_COMPILE_JOB_ID": "other"}, unset=pgo_env[1:])
    check("pgo show of a job without a profile", r.returncode == 1 and
          "code_state_other_None_.json: No such file or directory" in r.stderr, r)

    valid = profile_text(E7_CODE_STATES)
    for name, text, reason in (
            ("truncated", valid[:len(valid) // 2], "not JSON: parse error"),
            ("garbage", "PK\x03\x04 not a profile", "not JSON: parse error"),
            ("edited", valid.replace('"firstlineno": 2', '"firstlineno": 3'), "checksum mismatch"),
            ("newer", valid.replace('"version": 1', '"version": 9'), "unsupported version 9")):
        path = program(f"{name}.json", text)
        r = run("pgo", "show", path)
        check(f"pgo show refuses a {name} profile", r.returncode == 1 and r.stdout == "" and
              r.stderr.startswith(f"refc pgo show: cannot use {path}: ") and reason in r.stderr and
              r.stderr.count("\n") == 1, r)
    r = run("pgo", "show", os.path.join(tmp, "absent.json"))
    check("pgo show of a missing file", r.returncode == 1 and "No such file or directory" in r.stderr, r)


if __name__ == "__main__":
    sys.exit(main())
