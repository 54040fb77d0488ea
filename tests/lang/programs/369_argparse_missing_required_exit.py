# argparse: a missing positional ends the program with "the following arguments are required" and exit status 2
import argparse

parser = argparse.ArgumentParser(prog="copy.py")
parser.add_argument("src")
parser.add_argument("dst")
parser.add_argument("--force", action="store_true")
print(parser.parse_args(["a", "b"]))
parser.parse_args(["--force"])
