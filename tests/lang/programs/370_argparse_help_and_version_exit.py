# argparse: -h prints the help on stdout and exits with status 0 (after a --version printed by a caught SystemExit)
import argparse
import os

os.environ["COLUMNS"] = "80"
parser = argparse.ArgumentParser(prog="tool", description="A tool.", epilog="Bye.")
parser.add_argument("--version", action="version", version="%(prog)s 2.1.0")
parser.add_argument("--level", type=int, default=1, help="the level")
parser.add_argument("target", nargs="?", help="what to work on")
try:
    parser.parse_args(["--version"])
except SystemExit as e:
    print("version exit status", e.code)
parser.parse_args(["--level", "3", "-h"])
print("not reached")
