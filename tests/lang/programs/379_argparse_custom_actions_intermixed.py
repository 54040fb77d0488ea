# argparse extras: custom Action subclasses, argument_default=SUPPRESS, lambda types, help %(type)s/%(dest)s, parser repr, parse_intermixed_args, nested groups (DeprecationWarning)
import argparse
import os
import sys

os.environ["COLUMNS"] = "80"


class Upper(argparse.Action):
    def __init__(self, option_strings, dest, nargs=None, **kwargs):
        super().__init__(option_strings, dest, nargs=nargs, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        if isinstance(values, str):
            values = values.upper()
        else:
            values = [v.upper() for v in values]
        setattr(namespace, self.dest, values)


class Capture:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


def attempt(fn):
    real = sys.stderr
    sys.stderr = Capture()
    try:
        print(fn())
        sys.stderr = real
    except SystemExit as e:
        captured = sys.stderr
        sys.stderr = real
        print("exit status", e.code)
        print("".join(captured.parts), end="")


p = argparse.ArgumentParser(prog="c", argument_default=argparse.SUPPRESS)
p.add_argument("--name", action=Upper)
p.add_argument("--names", action=Upper, nargs="+")
p.add_argument("--gone")
p.add_argument("--ratio", type=lambda s: float(s) / 100)
print(p.parse_args(["--name", "bob", "--names", "a", "b", "--ratio", "50"]))
print(p.parse_args([]))
attempt(lambda: p.parse_args(["--ratio", "x"]))

p2 = argparse.ArgumentParser(prog="d")
p2.add_argument("--x", default=argparse.SUPPRESS, help="hidden default")
p2.add_argument("-n", type=int, default=3, dest="count", metavar="N",
                help="count is %(default)s, type %(type)s, dest %(dest)s, prog %(prog)s")
p2.print_help()
print(p2.parse_args(["-n5"]), p2.parse_args([]))
print(repr(p2))
print(argparse.ArgumentTypeError("x"), argparse.ArgumentError(None, "msg"))

im = argparse.ArgumentParser(prog="im")
im.add_argument("--foo")
im.add_argument("cmd")
im.add_argument("rest", nargs="*", type=int)
im.add_argument("--req", required=True)
print(im.parse_intermixed_args("doit 1 --foo bar 2 --req r 3".split()))
print(im.parse_known_args("doit 1 --foo bar 2 --req r 3".split()))
print(im.parse_known_intermixed_args("doit --req r 1 --zz 2".split()))
attempt(lambda: im.parse_intermixed_args(["x"]))
attempt(lambda: im.parse_intermixed_args(["x", "--req", "r", "--what"]))
remainder = argparse.ArgumentParser(prog="q")
remainder.add_argument("r", nargs=argparse.REMAINDER)
try:
    remainder.parse_intermixed_args([])
except TypeError as e:
    print("TypeError:", e)

nested = argparse.ArgumentParser(prog="nested")
outer = nested.add_argument_group("outer")
choice = outer.add_mutually_exclusive_group()
choice.add_argument("--a", action="store_true")
inner = outer.add_argument_group("inner")
inner.add_argument("--b")
deeper = choice.add_mutually_exclusive_group()
deeper.add_argument("--c", action="store_true")
nested.print_help()
