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

# The minifier's test program (and its benchmark's): one graph op per line,
# none of which is relu, so the planted relu ops are the only faulty ones;
# differences pass through unchanged, so a wrong value anywhere reaches the
# output.
CHAIN_OPS = ["a + y", "a * 2.0", "a - 0.25", "a.neg()", "a * 0.5", "a - y", "a + 1.0"]
CULPRIT = "torch.relu(a)"


def chain_program(n_ops, culprits, backend="eager"):
    """A function of n_ops graph ops, torch.relu at the culprit positions, compiled and called once."""
    lines = ["import torch", "", "", "def f(x, y):", "    a = x"]
    for i in range(n_ops):
        lines.append("    a = " + (CULPRIT if i in culprits else CHAIN_OPS[i % len(CHAIN_OPS)]))
    lines += ["    return a", "", "", "opt = torch.compile(f, backend=%r)" % backend,
              "print(opt(torch.randn(8, 16), torch.randn(8, 16)).shape)", ""]
    return "\n".join(lines)


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
