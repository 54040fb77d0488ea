#!/usr/bin/env python3
"""The model suite (tests/models) under backend="aot_eager": every program's
`backend="eager"` becomes `backend="aot_eager"`, and its stdout must still be
the one PyTorch 2.14 printed under eager (tests/models/golden/NNN.out):
AOT Autograd's graphs, run by the interpreter, compute the same losses,
gradients and parameters bit for bit. The edited copy runs in a temporary
folder beside nothing else. Standard library only.

Usage: models_under_aot_eager.py --refc PATH
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MODELS = Path(__file__).resolve().parents[1] / "models"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", required=True)
    args = parser.parse_args()
    failures = 0
    programs = sorted((MODELS / "programs").glob("[0-9][0-9][0-9]_*.py"))
    for program in programs:
        source = program.read_text()
        if 'backend="eager"' not in source:
            print(f"SKIP {program.stem}: compiles no function with backend=\"eager\"")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / program.name
            copy.write_text(source.replace('backend="eager"', 'backend="aot_eager"'))
            for data in (MODELS / "programs").iterdir():  # files a program reads beside it
                if data.is_file() and data.suffix != ".py":
                    shutil.copy(data, tmp)
            r = subprocess.run([args.refc, "run", copy.name], cwd=tmp, capture_output=True, text=True, timeout=600,
                               stdin=subprocess.DEVNULL)
        expected = (MODELS / "golden" / (program.stem + ".out")).read_text()
        if r.returncode == 0 and r.stdout == expected:
            print(f"PASS {program.stem}")
            continue
        failures += 1
        print(f"FAIL {program.stem}: exit {r.returncode}\n--- expected\n{expected}--- actual\n{r.stdout}{r.stderr[-2000:]}")
    print(f"{len(programs) - failures} of {len(programs)} model programs print 2.14's eager output under aot_eager")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
