#!/usr/bin/env python3
"""Compare the ATen ops of refc's AOT graphs with PyTorch 2.14's.

corpus.py compiles each of its functions with the backend its argument
names (aot_eager by default) and TORCH_LOGS=aot_graphs, writing `=== name`
to stderr before each. This script reads such a stderr into, per function,
the multiset of `torch.ops.aten.*` calls of its forward graph and of its
backward graph, and the bytes of the tensors the forward saves for the
backward (the backward graph's inputs other than tangents; symbolic sizes
count as 8).

  aot_graph_ops.py record [--peer PATH] [--peer-root DIR]
      runs corpus.py under the PyTorch 2.14 peer and writes, for aot_eager,
      golden/corpus.json (the multisets) and golden/corpus.out (its stdout),
      and for aot_eager_decomp_partition golden/corpus_decomp_partition.json
      (the saved bytes) and golden/corpus_decomp_partition.out;
  aot_graph_ops.py check --refc PATH
      runs corpus.py under refc with both backends and compares: stdout
      exactly; under aot_eager each function's two multisets (functions
      listed in known_mismatches.txt are reported as expected mismatches,
      and fail the check once they match); under aot_eager_decomp_partition
      that refc saves no more bytes than 2.14 for each function (but those
      listed as saved:NAME).

Exits 1 on any unexpected difference. Standard library only.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.py"
GOLDEN = HERE / "golden"
OP = re.compile(r"= torch\.ops\.aten\.([\w]+\.[\w]+)\(")
SECTION = re.compile(r"^(?:.*\] )?=== (\w+)$")
GRAPH = re.compile(r"===== (Forward|Backward) graph \d+ =====")
SIGNATURE = re.compile(r"def forward\(self, (.*)\):$")
PARAM = re.compile(r'(\w+): "(\w+)\[([^\]]*)\]')
ITEMSIZE = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "i32": 4, "i16": 2, "i8": 1, "u8": 1, "b8": 1,
            "c64": 8, "c128": 16}
DECOMP = "aot_eager_decomp_partition"


def graph_lines(stderr):
    """(function, "forward" | "backward" | None, line) for each line of a corpus run's stderr."""
    case, part = None, None
    for line in stderr.splitlines():
        m = SECTION.match(line)
        if m:
            case, part = m.group(1), None
            yield case, None, line
            continue
        m = GRAPH.search(line)
        if m and case:
            part = m.group(1).lower()
            continue
        if case:
            yield case, part, line


def graph_ops(stderr):
    """{function: {"forward": {op: n}, "backward": {op: n}}} from a corpus run's stderr."""
    out = {}
    for case, part, line in graph_lines(stderr):
        counts = out.setdefault(case, {"forward": collections.Counter(), "backward": collections.Counter()})
        m = OP.search(line)
        if m and part:
            counts[part][m.group(1)] += 1
    return {c: {p: dict(sorted(v.items())) for p, v in parts.items()} for c, parts in out.items()}


def saved_bytes(stderr):
    """{function: bytes the forward saves} from the backward graphs' signatures."""
    out = {}
    for case, part, line in graph_lines(stderr):
        m = SIGNATURE.search(line)
        if not m or part != "backward":
            continue
        total = 0
        for name, dtype, sizes in PARAM.findall(m.group(1)):
            if name.startswith("tangents"):
                continue
            numel = 1
            for size in filter(None, (x.strip() for x in sizes.split(","))):
                numel *= eval(re.sub(r"[a-z]\d+", "8", size), {})
            total += numel * ITEMSIZE[dtype]
        out[case] = out.get(case, 0) + total
    return dict(sorted(out.items()))


def run(command):
    env = dict(os.environ, TORCH_LOGS="aot_graphs")
    r = subprocess.run(command, cwd=HERE, capture_output=True, text=True, env=env, timeout=900)
    if r.returncode != 0:
        sys.exit(f"{' '.join(command)} exited with {r.returncode}:\n{r.stderr[-2000:]}")
    return r.stdout, r.stderr


def known_mismatches():
    path = HERE / "known_mismatches.txt"
    names = set()
    for line in path.read_text().splitlines() if path.exists() else []:
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line)
    return names


def record(args):
    peer = args.peer or os.environ.get("REFC_TORCH_PEER") or str(HERE.parents[2] / "shared" / "peer" / "torch-peer")
    command = [peer] + (["--root", args.peer_root] if args.peer_root else []) + [CORPUS.name]
    stdout, stderr = run(command)
    GOLDEN.mkdir(exist_ok=True)
    (GOLDEN / "corpus.out").write_text(stdout)
    (GOLDEN / "corpus.json").write_text(json.dumps(graph_ops(stderr), indent=1, sort_keys=True) + "\n")
    stdout, stderr = run(command + [DECOMP])
    (GOLDEN / "corpus_decomp_partition.out").write_text(stdout)
    (GOLDEN / "corpus_decomp_partition.json").write_text(json.dumps(saved_bytes(stderr), indent=1) + "\n")
    print(f"recorded {len(graph_ops(stderr))} functions")
    return 0


def diff(expected, actual):
    lines = []
    for op in sorted(set(expected) | set(actual)):
        if expected.get(op, 0) != actual.get(op, 0):
            lines.append(f"{op}: 2.14 {expected.get(op, 0)}, refc {actual.get(op, 0)}")
    return lines


def check(args):
    args.refc = os.path.abspath(args.refc)
    stdout, stderr = run([args.refc, "run", CORPUS.name])
    expected = json.loads((GOLDEN / "corpus.json").read_text())
    actual = graph_ops(stderr)
    known = known_mismatches()
    failures, matched, expected_mismatch = [], 0, 0
    if stdout != (GOLDEN / "corpus.out").read_text():
        failures.append("stdout differs from 2.14's:\n" + stdout)
    for case, parts in sorted(expected.items()):
        problems = [f"{part}: {d}" for part in ("forward", "backward")
                    for d in diff(parts[part], actual.get(case, {}).get(part, {}))]
        if problems and case in known:
            expected_mismatch += 1
            print(f"XFAIL {case}: " + "; ".join(problems))
        elif problems:
            failures.append(f"{case}: " + "; ".join(problems))
        elif case in known:
            failures.append(f"{case}: matches 2.14 now; remove it from known_mismatches.txt")
        else:
            matched += 1
    # aot_eager_decomp_partition: never more saved bytes than 2.14.
    stdout, stderr = run([args.refc, "run", CORPUS.name, DECOMP])
    if stdout != (GOLDEN / "corpus_decomp_partition.out").read_text():
        failures.append(DECOMP + " stdout differs from 2.14's:\n" + stdout)
    peer_saved = json.loads((GOLDEN / "corpus_decomp_partition.json").read_text())
    refc_saved = saved_bytes(stderr)
    for case, peer_bytes in peer_saved.items():
        mine = refc_saved.get(case, 0)
        print(f"saved bytes {case}: refc {mine}, 2.14 {peer_bytes}")
        if mine > peer_bytes and "saved:" + case in known:
            expected_mismatch += 1
            print(f"XFAIL {case}: {DECOMP} saves {mine} bytes, 2.14 {peer_bytes}")
        elif mine > peer_bytes:
            failures.append(f"{case}: {DECOMP} saves {mine} bytes, 2.14 {peer_bytes}")
        elif "saved:" + case in known:
            failures.append(f"{case}: saves no more than 2.14 now; remove saved:{case} from known_mismatches.txt")
    for f in failures:
        print("FAIL " + f)
    print(f"{matched} of {len(expected)} functions hold 2.14's ATen ops, {expected_mismatch} known mismatches; "
          f"{DECOMP} saves {sum(refc_saved.values())} bytes in all, 2.14 {sum(peer_saved.values())}; "
          f"{len(failures)} failures")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record", help="record 2.14's multisets (needs the peer)")
    r.add_argument("--peer")
    r.add_argument("--peer-root")
    c = sub.add_parser("check", help="compare refc with the recorded multisets")
    c.add_argument("--refc", required=True)
    args = parser.parse_args()
    return record(args) if args.command == "record" else check(args)


if __name__ == "__main__":
    sys.exit(main())
