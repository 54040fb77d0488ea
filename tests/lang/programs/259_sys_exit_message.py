# Exercises sys.exit("message"): the message goes to stderr and the exit status is 1.
import sys

REQUIRED = ["input", "output"]
provided = {"input": "data.csv"}
for key in REQUIRED:
    print(f"checking option {key}")
    if key not in provided:
        sys.exit(f"error: missing required option --{key}")
print("not reached")
