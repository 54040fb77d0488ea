#!/usr/bin/env python3
"""Profile-guided automatic dynamic (PGO) across processes.

Runs pgo_program.py three times under one job id (TORCH_COMPILE_JOB_ID) and a
fresh cache directory (REFC_CACHE_DIR):

1. cold: no profile yet; automatic dynamic compiles twice (static, then
   dynamic when the size changes) and the profile is written;
2. warm: the profile says x's size and n are dynamic, so the first compile is
   already dynamic: one compile;
3. corrupt: the profile is overwritten with garbage; refc warns, naming the
   file, ignores it (two compiles again, as cold) and the results stay right
   (the program asserts them against eager).

Usage: pgo_test.py --refc PATH
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PROGRAM = Path(__file__).resolve().parent / "pgo_program.py"


def run(refc, cache_dir):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH", "PYTHON"))}
    env.update(TORCH_COMPILE_JOB_ID="pgo_test", REFC_CACHE_DIR=cache_dir)
    proc = subprocess.run([refc, "run", str(PROGRAM)], env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise SystemExit(f"FAIL: refc exited {proc.returncode}\n{proc.stdout}{proc.stderr}")
    m = re.search(r"^compiles: (\d+)$", proc.stdout, re.M)
    if not m:
        raise SystemExit(f"FAIL: no compile count in the output\n{proc.stdout}{proc.stderr}")
    return int(m.group(1)), proc.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", required=True)
    args = parser.parse_args()
    refc = os.path.abspath(args.refc)
    with tempfile.TemporaryDirectory() as cache:
        cold, _ = run(refc, cache)
        profiles = list(Path(cache, "dynamo").glob("code_state_*.json"))
        if len(profiles) != 1:
            raise SystemExit(f"FAIL: expected one profile under {cache}/dynamo, found {profiles}")
        warm, _ = run(refc, cache)
        print(f"cold run: {cold} compiles, warm run: {warm} compiles")
        if not warm < cold:
            raise SystemExit("FAIL: the warm run did not compile fewer times than the cold run")

        profiles[0].write_bytes(b"\x00garbage, not a profile\n")
        corrupt, stderr = run(refc, cache)
        print(f"corrupt profile: {corrupt} compiles")
        if profiles[0].name not in stderr:
            raise SystemExit(f"FAIL: no warning naming the corrupt profile\n{stderr}")
        if corrupt != cold:
            raise SystemExit("FAIL: a corrupt profile changed what was compiled")
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
