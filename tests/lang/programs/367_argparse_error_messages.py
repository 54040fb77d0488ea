# argparse errors: the usage and "prog: error: ..." text written to stderr and exit status 2, captured by replacing sys.stderr
import argparse
import os
import sys

os.environ["COLUMNS"] = "80"


class Capture:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)
        return len(text)

    def flush(self):
        pass


def attempt(parser, argv):
    real = sys.stderr
    sys.stderr = Capture()
    try:
        result = parser.parse_args(argv)
        captured = sys.stderr
        sys.stderr = real
        print("parsed:", result)
    except SystemExit as e:
        captured = sys.stderr
        sys.stderr = real
        print("exit status", e.code)
        print("".join(captured.parts), end="")


parser = argparse.ArgumentParser(prog="train.py")
parser.add_argument("data")
parser.add_argument("--steps", type=int, default=1)
parser.add_argument("--lr", type=float)
parser.add_argument("--mode", choices=["a", "b"])
parser.add_argument("--level", type=int, choices=[1, 2, 3])
parser.add_argument("--pair", nargs=2)
parser.add_argument("--many", nargs="+")
parser.add_argument("--flag", action="store_true")
parser.add_argument("--name", required=True)
parser.add_argument("--verbose", action="store_true")
parser.add_argument("--version-file")
group = parser.add_mutually_exclusive_group()
group.add_argument("--cpu", action="store_true")
group.add_argument("--gpu", action="store_true")

attempt(parser, [])
attempt(parser, ["d"])
attempt(parser, ["d", "--name", "n", "--steps", "a"])
attempt(parser, ["d", "--name", "n", "--lr", "fast"])
attempt(parser, ["d", "--name", "n", "--mode", "c"])
attempt(parser, ["d", "--name", "n", "--level", "7"])
attempt(parser, ["d", "--name", "n", "--pair", "1"])
attempt(parser, ["d", "--name", "n", "--many"])
attempt(parser, ["d", "--name"])
attempt(parser, ["d", "--name", "n", "--flag=yes"])
attempt(parser, ["d", "--name", "n", "--cpu", "--gpu"])
attempt(parser, ["d", "--name", "n", "extra1", "extra2"])
attempt(parser, ["d", "--name", "n", "--bogus"])
attempt(parser, ["d", "--name", "n", "--ver"])
attempt(parser, ["d", "--name", "n", "--steps", "-3"])

required = argparse.ArgumentParser(prog="req")
choice = required.add_mutually_exclusive_group(required=True)
choice.add_argument("--train", action="store_true")
choice.add_argument("--eval", metavar="CKPT")
required.add_argument("inputs", nargs="+")
required.add_argument("out", metavar="OUTPUT")
attempt(required, ["x", "y"])
attempt(required, ["--train"])
attempt(required, ["--train", "a", "b"])


def positive(text):
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("%r is not a positive int" % text)
    return value


typed = argparse.ArgumentParser(prog="typed")
typed.add_argument("--n", type=positive)
typed.add_argument("count", type=int, nargs="?")
attempt(typed, ["--n", "0"])
attempt(typed, ["--n", "x"])
attempt(typed, ["zz"])
attempt(typed, ["--n", "4", "2"])

quiet = argparse.ArgumentParser(prog="quiet", exit_on_error=False)
quiet.add_argument("--n", type=int)
try:
    quiet.parse_args(["--n", "x"])
except argparse.ArgumentError as e:
    print("ArgumentError:", e, "|", e.argument_name, "|", e.message)

for bad in [lambda: parser.add_argument("--steps"),
            lambda: parser.add_argument("x", required=True),
            lambda: parser.add_argument("--z", action="store", nargs=0),
            lambda: parser.add_argument("bad-option", "--other"),
            lambda: parser.add_argument("--w", action="no-such-action")]:
    try:
        bad()
    except (argparse.ArgumentError, ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
