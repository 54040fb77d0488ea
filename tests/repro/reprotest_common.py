"""What the tests of tests/repro share: how refc is found and run (a clean
environment, no core files) and their command line (--refc PATH, then
unittest's own arguments). Standard library only."""

import argparse
import json
import os
import resource
import subprocess
import sys
import unittest

REFC = None


def no_core():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_refc(args, *, cwd=None, env=None, timeout=60):
    """(exit status, or -signal; stdout; stderr) of `refc ARGS`, or ("timeout", "", "")."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH", "PYTHON"))}
    full_env.update(env or {})
    try:
        p = subprocess.run([REFC, *args], cwd=cwd, capture_output=True, text=True, env=full_env, timeout=timeout,
                           preexec_fn=no_core)
    except subprocess.TimeoutExpired:
        return "timeout", "", ""
    return p.returncode, p.stdout, p.stderr


def edit_file(path, old, new):
    """Replaces `old` by `new` in the file at `path`."""
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace(old, new))


def read_summary(folder):
    """The summary.json a minification wrote into `folder`."""
    with open(os.path.join(folder, "summary.json")) as f:
        return json.load(f)


def main(doc):
    """Parses --refc and runs the calling module's unittest cases."""
    global REFC
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--refc", required=True, help="the refc executable")
    args, rest = parser.parse_known_args()
    REFC = os.path.abspath(args.refc)
    unittest.main(module="__main__", argv=[sys.argv[0]] + rest, verbosity=2)
