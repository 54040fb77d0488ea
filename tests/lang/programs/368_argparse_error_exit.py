# an argparse error ends the program: usage and the error on stderr, exit status 2
import argparse

parser = argparse.ArgumentParser(prog="train.py", description="Trains.")
parser.add_argument("--steps", type=int, default=10)
parser.add_argument("--mode", choices=["a", "b"], default="a")
args = parser.parse_args(["--steps", "5"])
print("steps", args.steps)
parser.parse_args(["--mode", "x"])
print("not reached")
