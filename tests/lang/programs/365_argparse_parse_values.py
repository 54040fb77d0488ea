# argparse parsing: positionals, options, types, defaults, nargs, actions, --, -xVALUE, --opt=value, abbreviations, Namespace
import argparse

parser = argparse.ArgumentParser(prog="train.py")
parser.add_argument("data")
parser.add_argument("extra", nargs="*")
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("-s", "--steps", type=int, default=10)
parser.add_argument("--mode", choices=["fast", "slow"], default="fast")
parser.add_argument("-v", "--verbose", action="count", default=0)
parser.add_argument("-q", "--quiet", action="store_true")
parser.add_argument("--no-save", dest="save", action="store_false")
parser.add_argument("--opt", action="store_const", const="adam", default="sgd")
parser.add_argument("-t", "--tag", action="append")
parser.add_argument("--layer", action="append", type=int, default=[])
parser.add_argument("--pair", nargs=2, type=int, metavar=("W", "H"))
parser.add_argument("--maybe", nargs="?", const="C", default="D")
parser.add_argument("--many", nargs="+")
parser.add_argument("--ids", action="extend", nargs="+", type=int)
parser.add_argument("--warmup", type=int, default="5")
parser.add_argument("-x", action="store_true")
parser.add_argument("-y", action="store_true")

cases = [
    ["d.txt"],
    ["d.txt", "e1", "e2", "--lr", "0.5", "-s", "3"],
    ["--lr=1e-3", "-s7", "d.txt", "-vvv", "-qx"],
    ["d", "--mode", "slow", "--opt", "--no-save", "-t", "a", "-t", "b"],
    ["d", "--layer", "1", "--layer", "2", "--pair", "640", "480"],
    ["d", "--maybe"], ["d", "--maybe", "given"], ["d", "--many", "a", "b", "c"],
    ["d", "--ids", "1", "2", "--ids", "3"],
    ["d", "--ste", "4", "--verb", "--verb"],
    ["--", "-starts-with-dash", "x"],
    ["d", "-s", "-5"],
    ["d", "-xy", "-v"],
    ["d", "--tag=", "--lr", "-2.5"],
]
for argv in cases:
    ns = parser.parse_args(argv)
    print(ns)

ns = parser.parse_args(["d"])
print(ns.data, ns.lr, ns.steps, ns.warmup, type(ns.warmup).__name__, vars(ns)["mode"])
print("data" in ns, "nope" in ns, ns == argparse.Namespace(**vars(ns)))

print(parser.parse_known_args(["d", "--unknown", "1", "--lr", "2", "-z"]))
print(parser.parse_known_args(["d", "--lr", "2"]))

parser.set_defaults(seed=0, steps=99)
print(parser.parse_args(["d"]))
print(parser.get_default("steps"), parser.get_default("seed"), parser.get_default("missing"))

existing = argparse.Namespace(lr=7.0, other="kept")
print(parser.parse_args(["d", "-s", "1"], namespace=existing))

print(argparse.Namespace(lr=0.1, steps=10), argparse.Namespace())
print(repr(argparse.Namespace(**{"a-b": 1, "ok": 2})))

p2 = argparse.ArgumentParser(prog="p2", add_help=False, allow_abbrev=False)
p2.add_argument("--alpha", type=float)
p2.add_argument("pos", nargs="?", default="dflt")
print(p2.parse_known_args(["--alp", "1"]))
print(p2.parse_args([]), p2.parse_args(["--alpha", "2", "given"]))

p3 = argparse.ArgumentParser(prog="p3")
p3.add_argument("src", nargs=2)
p3.add_argument("dst")
p3.add_argument("rest", nargs=argparse.REMAINDER)
print(p3.parse_args(["a", "b", "c", "--lr", "x", "-h"]))
act = p3.add_argument("--count", type=int, default=1, help="how many")
print(act)
