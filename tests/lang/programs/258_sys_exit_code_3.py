# Exercises sys.exit(3) after output: exit status 3 and nothing on stderr.
import sys


def check(values):
    bad = [v for v in values if v < 0]
    print(f"checked {len(values)} values, {len(bad)} negative")
    return not bad


if not check([4, -1, 7, -3]):
    print("validation failed, exiting with status 3")
    sys.exit(3)
print("not reached")
