# a training script's plumbing: argparse config from sys.argv, a pathlib run directory, json metrics written through a file-like object and read back
import argparse
import json
import math
import os
import sys
from pathlib import Path

os.environ["COLUMNS"] = "80"
sys.argv = ["train.py", "--lr", "0.05", "--steps", "6", "--run-dir", "_376_runs/exp", "--tag", "demo", "--tag", "v2"]


def build_parser():
    parser = argparse.ArgumentParser(description="Fit y = 3x + 1 by gradient descent.",
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--lr", type=float, default=0.1, help="learning rate")
    parser.add_argument("--steps", type=int, default=10, help="optimizer steps")
    parser.add_argument("--run-dir", type=Path, default=Path("runs"), help="output directory")
    parser.add_argument("--tag", action="append", default=[], help="labels for the run")
    parser.add_argument("--log-every", type=int, default=2)
    return parser


class MemoryFile:
    """Stands in for a file opened for writing: json.dump calls write()."""

    def __init__(self):
        self.chunks = []

    def write(self, text):
        self.chunks.append(text)
        return len(text)

    def read(self):
        return "".join(self.chunks)


parser = build_parser()
args = parser.parse_args()
print(args)
args.run_dir.mkdir(parents=True, exist_ok=True)
print(repr(args.run_dir), args.run_dir.is_dir(), args.run_dir.parent.name, args.run_dir.name)

data = [(x / 4, 3 * (x / 4) + 1) for x in range(-4, 5)]
w, b = 0.0, 0.0
history = []
for step in range(1, args.steps + 1):
    gw = sum(2 * (w * x + b - y) * x for x, y in data) / len(data)
    gb = sum(2 * (w * x + b - y) for x, y in data) / len(data)
    w -= args.lr * gw
    b -= args.lr * gb
    loss = sum((w * x + b - y) ** 2 for x, y in data) / len(data)
    if step % args.log_every == 0:
        history.append({"step": step, "loss": round(loss, 6), "w": round(w, 6), "b": round(b, 6)})

metrics = {"config": {"lr": args.lr, "steps": args.steps, "run_dir": str(args.run_dir), "tags": args.tag},
           "history": history, "final_loss": history[-1]["loss"], "finite": math.isfinite(history[-1]["loss"])}
out = MemoryFile()
json.dump(metrics, out, indent=2, sort_keys=True)
text = out.read()
print(text)
back = json.load(out)
print(back == metrics, back["history"][0], type(back["config"]["tags"]).__name__)
print(json.dumps(metrics["history"], separators=(",", ":")))
metrics_path = args.run_dir / "metrics.json"
print(metrics_path, metrics_path.suffix, metrics_path.with_suffix(".bak").name, metrics_path.exists())
try:
    json.loads(text[:-3])
except json.decoder.JSONDecodeError as e:
    print("truncated:", e.msg, e.lineno, e.colno, isinstance(e, json.JSONDecodeError), isinstance(e, ValueError))
print(json.decoder.JSONDecoder is json.JSONDecoder, json.encoder.JSONEncoder is json.JSONEncoder)
parser.print_help()
args.run_dir.rmdir()
args.run_dir.parent.rmdir()
print(Path("_376_runs").exists())
