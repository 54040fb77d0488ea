#!/usr/bin/env python3
"""Training and model programs under the AOT backends.

Each program is edited to compile its model with backend B, for B in
aot_eager and aot_eager_decomp_partition, and run under refc in a temporary
folder (with the data files beside it). Its stdout must be the one PyTorch
2.14 printed under eager (the program's golden): exactly under aot_eager,
whose graphs run eager's kernels in eager's order, and within PyTorch's
same() tolerance (every number printed relative or absolute error at most
1e-4, the text around them equal) under aot_eager_decomp_partition, whose
decompositions reorder arithmetic.

  tests/models    backend="eager" becomes backend=B;
  tests/eager     training programs (a top-level `model = ...` trained by a
                  top-level `opt = torch.optim...`): `model.forward =
                  torch.compile(model.forward, backend=B)` goes before the
                  optimizer (the model stays itself: model[1] still works);
  examples/       backend="eager" becomes backend=B; the golden is refc's
                  own run of the example as written (eager).

Each run also prints counters["aot_autograd"]["total"] at its end, which
must not be 0 (the model was compiled); a program whose model holds an RNN
module compiles nothing, as under 2.14 (Dynamo graph-breaks on RNN modules
and the parts around them are left to eager), and is reported as SKIP.
Standard library only. Usage: programs_under_aot.py --refc PATH [--only SUBSTRING]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BACKENDS = ("aot_eager", "aot_eager_decomp_partition")
NUMBER = re.compile(r"-?\d+\.?\d*(?:[eE][-+]?\d+)?|nan|inf")
TOLERANCE = 1e-4
# What the program compiled: counters["aot_autograd"]["total"], printed to stderr at its end.
EPILOGUE = ('\nimport sys as _sys\nfrom torch._dynamo.utils import counters as _counters\n'
            'print("aot graphs compiled:", _counters["aot_autograd"]["total"], file=_sys.stderr)\n')
COMPILED = re.compile(r"aot graphs compiled: (\d+)")
RNN = re.compile(r"nn\.(LSTM|GRU|RNN)\b|getattr\(nn, ")


def model_programs():
    for p in sorted((ROOT / "tests/models/programs").glob("[0-9][0-9][0-9]_*.py")):
        source = p.read_text()
        if 'backend="eager"' in source:
            yield p, ROOT / "tests/models/golden" / (p.stem + ".out"), lambda b, s=source: s.replace(
                'backend="eager"', f'backend="{b}"')


TRAINING = re.compile(r"^model = .*$", re.M)
OPTIMIZER = re.compile(r"^opt = torch\.optim\.", re.M)


def training_programs():
    for p in sorted((ROOT / "tests/eager/programs").glob("[0-9][0-9][0-9]_*.py")):
        source = p.read_text()
        opt = OPTIMIZER.search(source)
        if not (TRAINING.search(source) and opt and "backward()" in source):
            continue
        at = opt.start()
        yield p, ROOT / "tests/eager/golden" / (p.stem + ".out"), lambda b, s=source, at=at: (
            s[:at] + f'model.forward = torch.compile(model.forward, backend="{b}")\n' + s[at:])


def example_programs():
    for p in sorted((ROOT / "examples").glob("*.py")):
        source = p.read_text()
        if 'backend="eager"' in source:
            yield p, None, lambda b, s=source: s.replace('backend="eager"', f'backend="{b}"')


def run(refc, program, source, env=None):
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / program.name
        copy.write_text(source)
        for data in program.parent.iterdir():  # files a program reads beside it
            if data.is_file() and data.suffix != ".py":
                shutil.copy(data, tmp)
        return subprocess.run([os.path.abspath(refc), "run", copy.name], cwd=tmp, capture_output=True, text=True, timeout=600,
                              stdin=subprocess.DEVNULL, env=env)


def same_within_tolerance(expected, actual):
    if NUMBER.sub("#", expected) != NUMBER.sub("#", actual):
        return False
    for a, b in zip(NUMBER.findall(expected), NUMBER.findall(actual)):
        x, y = float(a), float(b)
        if x != y and abs(x - y) > TOLERANCE * max(1.0, abs(x)):
            return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", required=True)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    failures, checked = 0, 0
    for program, golden, edit in [*model_programs(), *training_programs(), *example_programs()]:
        if args.only not in program.name:
            continue
        if golden is None:
            r = run(args.refc, program, program.read_text())
            if r.returncode != 0:
                print(f"FAIL {program.name}: exit {r.returncode} under eager\n{r.stderr[-2000:]}")
                failures += 1
                continue
            expected = r.stdout
        else:
            expected = golden.read_text()
        for backend in BACKENDS:
            r = run(args.refc, program, edit(backend) + EPILOGUE)
            m = COMPILED.search(r.stderr)
            if r.returncode == 0 and m and m.group(1) == "0" and RNN.search(program.read_text()):
                print(f"SKIP {program.parent.name}/{program.stem} {backend}: nothing compiled (Dynamo graph-breaks "
                      f"on RNN modules, as 2.14 does)")
                continue
            checked += 1
            ok = (r.returncode == 0 and m and m.group(1) != "0" and
                  (r.stdout == expected if backend == "aot_eager" else same_within_tolerance(expected, r.stdout)))
            if ok:
                print(f"PASS {program.parent.name}/{program.stem} {backend}")
                continue
            failures += 1
            print(f"FAIL {program.parent.name}/{program.stem} {backend}: exit {r.returncode}\n--- expected\n{expected}"
                  f"--- actual\n{r.stdout}{r.stderr[-2000:]}")
    print(f"{checked - failures} of {checked} program runs under the AOT backends print eager's output")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
