# Exercises sys.argv (script name only), sys.maxsize arithmetic and module attribute access through import sys.
import sys

print(sys.argv, len(sys.argv), sys.argv[0])
print(sys.argv[0].endswith(".py"), sys.argv[1:])
print(sys.maxsize, sys.maxsize == 9223372036854775807, -sys.maxsize - 1)
print(sys.maxsize // 2 ** 32, sys.maxsize % 10, hex(sys.maxsize), len(bin(sys.maxsize)) - 2)
print(type(sys.maxsize).__name__, sys.maxsize > 10 ** 18, float(sys.maxsize))


def parse_args(argv):
    opts = {"verbose": False, "files": []}
    for arg in argv[1:]:
        if arg in ("-v", "--verbose"):
            opts["verbose"] = True
        else:
            opts["files"].append(arg)
    return opts


print(parse_args(sys.argv))
print(parse_args(["prog", "-v", "a.txt", "b.txt"]))
smallest = sys.maxsize
for v in [42, 7, 19]:
    smallest = min(smallest, v)
print(smallest)
