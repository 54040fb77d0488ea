# argparse subcommands (add_subparsers, aliases, set_defaults(func=...)), parent parsers, BooleanOptionalAction, conflict_handler='resolve'
import argparse
import os
import sys

os.environ["COLUMNS"] = "80"


class Capture:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


def attempt(parser, argv):
    real_out, real_err = sys.stdout, sys.stderr
    out, err = Capture(), Capture()
    sys.stdout, sys.stderr = out, err
    try:
        result = parser.parse_args(argv)
        status = None
    except SystemExit as e:
        result = None
        status = e.code
    sys.stdout, sys.stderr = real_out, real_err
    if status is None:
        shown = {key: value for key, value in vars(result).items() if key != "func"}
        print("parsed:", shown, "func" in result)
    else:
        print("exit status", status)
    print("".join(out.parts) + "".join(err.parts), end="")


common = argparse.ArgumentParser(add_help=False)
common.add_argument("--seed", type=int, default=0, help="random seed")
common.add_argument("--device", default="cpu")

parser = argparse.ArgumentParser(prog="tool", description="A tool with subcommands.", parents=[common])
parser.add_argument("--color", action=argparse.BooleanOptionalAction, default=True, help="colored output")
sub = parser.add_subparsers(dest="command", help="what to do")


def run_train(args):
    return "training for %d steps" % args.steps


train = sub.add_parser("train", help="train a model", aliases=["fit"], parents=[common])
train.add_argument("--steps", type=int, default=100)
train.add_argument("data")
train.set_defaults(func=run_train)
evaluate = sub.add_parser("eval", help="evaluate a checkpoint")
evaluate.add_argument("checkpoint")
evaluate.add_argument("--metric", choices=["acc", "loss"], default="acc")
evaluate.set_defaults(func=lambda args: "evaluating " + args.checkpoint)
sub.add_parser("info")

attempt(parser, ["train", "--steps", "5", "d.bin"])
attempt(parser, ["--seed", "3", "fit", "d.bin", "--seed", "4"])
attempt(parser, ["eval", "ck.pt", "--metric", "loss"])
attempt(parser, ["--no-color", "info"])
attempt(parser, [])
attempt(parser, ["bogus"])
attempt(parser, ["eval"])
attempt(parser, ["eval", "x", "--metric", "f1"])
attempt(parser, ["train", "d", "extra"])
attempt(parser, ["-h"])
attempt(parser, ["train", "-h"])
ns = parser.parse_args(["train", "d"])
print(ns.func(ns))
ns = parser.parse_args(["eval", "best.pt"])
print(ns.func(ns))

titled = argparse.ArgumentParser(prog="git")
cmds = titled.add_subparsers(title="commands", description="the available commands", metavar="COMMAND", required=True)
cmds.add_parser("commit", help="record changes")
cmds.add_parser("push", help="update remote refs")
attempt(titled, [])
attempt(titled, ["--help"])
attempt(titled, ["push"])

resolve = argparse.ArgumentParser(prog="resolve", conflict_handler="resolve")
resolve.add_argument("-v", "--verbose", action="store_true", help="old")
resolve.add_argument("-v", "--version", action="version", version="1.0", help="new")
attempt(resolve, ["-h"])
attempt(resolve, ["--verbose"])
try:
    argparse.ArgumentParser().add_argument("-h")
except argparse.ArgumentError as e:
    print("ArgumentError:", e)
