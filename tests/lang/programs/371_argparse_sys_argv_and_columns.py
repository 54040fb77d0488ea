# argparse: parse_args() reads sys.argv[1:], prog comes from sys.argv[0], and help wraps at $COLUMNS
import argparse
import os
import sys

sys.argv = ["/some/dir/run_experiment.py", "--lr", "0.01", "data.bin"]
parser = argparse.ArgumentParser(description="Run one experiment with the given hyperparameters and "
                                             "write the metrics next to the data file.")
parser.add_argument("data", help="the input data file, which is read once at start-up")
parser.add_argument("--lr", type=float, default=0.1, help="learning rate for the optimizer in every phase")
parser.add_argument("--batch-size", type=int, default=32, help="examples per optimizer step")
parser.add_argument("--scheduler", choices=["cosine", "linear", "constant"], default="cosine")
args = parser.parse_args()
print(parser.prog, args)
for columns in ["100", "60", "40", "20"]:
    os.environ["COLUMNS"] = columns
    print("COLUMNS", columns)
    parser.print_help()
os.environ["COLUMNS"] = "not-a-number"
parser.print_usage()
