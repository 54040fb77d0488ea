#!/usr/bin/env python3
"""AOT Autograd's compile time, refc against PyTorch 2.14, side by side.

For each graph size (--sizes, default 30,300,3000 ops) aot_program.py
compiles a chain of that many graph ops (matmul, tanh, residual add) with a
backend that runs AOT Autograd as aot_eager_decomp_partition does
(Inductor's decomposition table, the min-cut partitioner) and times that
call alone: the joint forward-backward trace, functionalization, the
decompositions and the partition. Each side runs --repeat fresh processes
(default 3) and keeps its fastest time; both run in this one invocation on
this machine. PyTorch runs under the 2.14 peer (Debian's python3-torch in a
chroot).

Verdict: refc's time is at most 0.1x the peer's at every size. Exit status
0 when it holds, 1 otherwise or when a run failed, 2 for a missing peer.
The table goes to stdout, progress to stderr; --json OUT writes the figures.
Standard library only.

Usage: run.py --refc build/bin/refc [--peer ../shared/peer/torch-peer]
              [--peer-root .peer/sid] [--sizes 30,300,3000] [--repeat N] [--json OUT]
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TARGET_RATIO = 0.1


def measure(command, size, repeat):
    best = None
    for _ in range(repeat):
        r = subprocess.run(command + [str(size)], cwd=HERE, capture_output=True, text=True, timeout=1800)
        if r.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} {size} exited with {r.returncode}:\n{r.stderr[-2000:]}")
        figures = json.loads(r.stdout.strip().splitlines()[-1])
        if best is None or figures["aot_seconds"] < best["aot_seconds"]:
            best = figures
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", required=True)
    parser.add_argument("--peer", default=str(ROOT.parent / "shared" / "peer" / "torch-peer"))
    parser.add_argument("--peer-root", default=str(ROOT / ".peer" / "sid"))
    parser.add_argument("--sizes", default="30,300,3000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    if not Path(args.peer).exists():
        print(f"run.py: no peer at {args.peer}", file=sys.stderr)
        return 2
    refc = [str(Path(args.refc).resolve()), "run", "aot_program.py"]
    peer = [args.peer, "--root", args.peer_root, "aot_program.py"]
    rows, ok = [], True
    for size in (int(s) for s in args.sizes.split(",")):
        print(f"size {size}: refc", file=sys.stderr)
        mine = measure(refc, size, args.repeat)
        print(f"size {size}: PyTorch 2.14", file=sys.stderr)
        theirs = measure(peer, size, args.repeat)
        ratio = mine["aot_seconds"] / theirs["aot_seconds"]
        ok &= ratio <= TARGET_RATIO
        rows.append({"size": size, "graph_ops": mine["graph_ops"], "peer_graph_ops": theirs["graph_ops"],
                     "refc_seconds": mine["aot_seconds"], "peer_seconds": theirs["aot_seconds"], "ratio": ratio})
    print(f"{'ops':>6} {'refc ms':>10} {'2.14 ms':>10} {'ratio':>8}")
    for r in rows:
        print(f"{r['graph_ops']:>6} {r['refc_seconds'] * 1e3:>10.2f} {r['peer_seconds'] * 1e3:>10.1f} {r['ratio']:>8.4f}")
    print(f"target: refc at most {TARGET_RATIO}x the peer's time at every size: {'holds' if ok else 'FAILS'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "holds": ok}, indent=1) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
