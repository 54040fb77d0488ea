#!/usr/bin/env python3
"""Checks the `refc` command line: exit codes (0 success, 1 uncaught exception
or syntax error, 2 usage error), sys.argv for `refc run`, --help and --version,
TORCH_LOGS read at `import torch`, and that `refc dis` shows the loop, with
and try blocks of a function.

    cli_test.py --refc build/bin/refc

Prints one line per failed check and exits 1 if any failed.
"""
import argparse
import os
import subprocess
import sys
import tempfile

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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refc", required=True, help="the refc binary")
    refc = parser.parse_args().refc
    failures = []

    def run(*args, env=None):
        return subprocess.run([refc, *args], capture_output=True, text=True, timeout=60,
                              env=None if env is None else {**os.environ, **env})

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

    for failure in failures:
        print("FAIL", failure)
    print(f"cli: {'all checks passed' if not failures else f'{len(failures)} check(s) failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
