#!/usr/bin/env python3
"""refc's decomposition tables against PyTorch 2.14's.

  decomposition_tables.py record [--peer PATH] [--peer-root DIR]
      writes golden/decomposition_tables.json: the aten overloads of 2.14's
      torch._decomp.core_aten_decompositions() and of Inductor's
      select_decomp_table();
  decomposition_tables.py check --refc PATH
      every entry of refc's tables (torch._decomp.core_aten_decompositions(),
      torch._inductor.decomposition.select_decomp_table()) is in 2.14's table
      of the same name, and every refc decomposition 2.14 has in a table is
      in refc's table of that name.

Exits 1 on any difference. Standard library only.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "decomposition_tables.json"
PROGRAM = """
import json
import torch
from torch._decomp import core_aten_decompositions, decomposition_table
from torch._inductor.decomposition import select_decomp_table
def names(t):
    return sorted({str(k) for k in t if str(k).startswith("aten.")})
print(json.dumps({"core": names(core_aten_decompositions()), "inductor": names(select_decomp_table()),
                  "all": names(decomposition_table)}))
"""


def tables(command):
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "tables.py").write_text(PROGRAM)
        r = subprocess.run(command + ["tables.py"], cwd=tmp, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(f"{' '.join(command)} exited with {r.returncode}:\n{r.stderr[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record", help="record 2.14's tables (needs the peer)")
    r.add_argument("--peer", default=str(HERE.parents[2] / "shared" / "peer" / "torch-peer"))
    r.add_argument("--peer-root")
    c = sub.add_parser("check", help="compare refc's tables with the recorded ones")
    c.add_argument("--refc", required=True)
    args = parser.parse_args()
    if args.command == "record":
        peer = tables([args.peer] + (["--root", args.peer_root] if args.peer_root else []))
        del peer["all"]
        GOLDEN.write_text(json.dumps(peer, indent=0) + "\n")
        print(f"recorded {len(peer['core'])} core and {len(peer['inductor'])} Inductor decompositions")
        return 0
    peer = json.loads(GOLDEN.read_text())
    mine = tables([os.path.abspath(args.refc), "run"])
    failures = []
    for name in ("core", "inductor"):
        theirs = set(peer[name])
        for op in mine[name]:
            if op not in theirs:
                failures.append(f"{op} is in refc's {name} table, not in 2.14's")
        for op in mine["all"]:
            if op in theirs and op not in mine[name]:
                failures.append(f"{op} is in 2.14's {name} table, not in refc's")
    for f in failures:
        print("FAIL " + f)
    print(f"refc has {len(mine['all'])} decompositions: {len(mine['core'])} in the core table, "
          f"{len(mine['inductor'])} in Inductor's (2.14: {len(peer['core'])} and {len(peer['inductor'])}); "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
