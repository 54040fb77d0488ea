# argparse help text: usage wrapping, sections, help column, groups, mutually exclusive groups, metavar, choices, formatter classes
import argparse
import os

os.environ["COLUMNS"] = "80"

parser = argparse.ArgumentParser(
    prog="train.py",
    description="Train a small transformer on a toy dataset with a configurable "
                "learning-rate schedule, checkpointing and evaluation.",
    epilog="Examples: train.py data/ --lr 3e-4 --steps 1000",
)
parser.add_argument("data", help="path to the dataset directory")
parser.add_argument("outputs", nargs="*", help="where to write results")
parser.add_argument("--lr", type=float, default=0.1, help="learning rate (default: %(default)s)")
parser.add_argument("-s", "--steps", type=int, default=10, help="number of optimizer steps")
parser.add_argument("--mode", choices=["train", "eval", "both"], default="train",
                    help="what to run; one of %(choices)s")
parser.add_argument("-v", "--verbose", action="count", default=0, help="more output")
parser.add_argument("--tags", nargs="+", metavar="TAG")
parser.add_argument("--size", nargs=2, type=int, metavar=("W", "H"), help="image size")
parser.add_argument("--resume", nargs="?", const="last.pt", help="resume from a checkpoint")
parser.add_argument("--name", required=True, help="a very long help string that keeps going so that it "
                    "has to wrap around the help column several times because it is far longer "
                    "than the width of the terminal allows")
parser.add_argument("--dry-run", action="store_true",
                    help="don't write anything, only print what would-be written by the run")
parser.add_argument("--a-very-long-option-name-indeed", help="forces the help onto the next line")
parser.add_argument("--hidden", help=argparse.SUPPRESS)
device = parser.add_mutually_exclusive_group()
device.add_argument("--cpu", action="store_true", help="run on the CPU")
device.add_argument("--gpu", action="store_true", help="run on the GPU")
model = parser.add_argument_group("model", "Options that shape the model.")
model.add_argument("--layers", type=int, default=2, help="number of layers")
model.add_argument("--width", type=int, default=64)
parser.add_argument("--version", action="version", version="%(prog)s 1.0")
parser.print_help()
print("----")
print(parser.format_usage(), end="")
print("----")

defaults = argparse.ArgumentParser(prog="defaults.py", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                                   description="Shows defaults.")
defaults.add_argument("--batch-size", type=int, default=32, help="batch size")
defaults.add_argument("--optimizer", default="adam", choices=["adam", "sgd"], help="optimizer")
defaults.add_argument("--flag", action="store_true", help="a flag")
defaults.add_argument("--nohelp", default=3)
defaults.add_argument("--explicit", default=1, help="already says %(default)s")
defaults.add_argument("files", nargs="+", help="input files")
defaults.add_argument("extra", nargs="?", default="x", help="optional positional")
print(defaults.format_help())

required = argparse.ArgumentParser(prog="req", add_help=False)
group = required.add_mutually_exclusive_group(required=True)
group.add_argument("--train", action="store_true")
group.add_argument("--eval", metavar="CKPT")
required.add_argument("config")
print(required.format_help())

raw = argparse.ArgumentParser(prog="raw", formatter_class=argparse.RawDescriptionHelpFormatter,
                              description="Line one\n    indented line two\n\nLast paragraph")
raw.add_argument("-x", help="keeps   single\n   help wrapping")
print(raw.format_help())

rawtext = argparse.ArgumentParser(prog="rawtext", formatter_class=argparse.RawTextHelpFormatter)
rawtext.add_argument("-x", help="first line\n  second line kept")
print(rawtext.format_help())

long_prog = argparse.ArgumentParser(prog="a-program-with-an-extremely-long-name-that-takes-most-of-the-line")
for i in range(6):
    long_prog.add_argument("--option-%d" % i, metavar="VALUE%d" % i)
long_prog.add_argument("positional_one")
long_prog.add_argument("positional_two", nargs="+")
print(long_prog.format_usage())

only_pos = argparse.ArgumentParser(prog="only-positionals-program", add_help=False)
for name in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda_"]:
    only_pos.add_argument(name + "_argument")
print(only_pos.format_usage())

empty = argparse.ArgumentParser(prog="empty", add_help=False, usage="%(prog)s [options] FILE")
print(empty.format_help())
