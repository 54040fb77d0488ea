# Exercises bool as an int subtype, True/False arithmetic, and isinstance over numeric types.
print(True + True, True * 10, False - 1, True / 2, True // 1, -True)
print(isinstance(True, int), isinstance(1, bool), issubclass(bool, int), type(True + 1).__name__)
print(True == 1, False == 0, True is True, 1.0 == 1, 1 == 1.0 == True)
flags = [True, False, True, True, False]
print(sum(flags), flags.count(True), flags.index(False), max(flags), min(flags))
print(sorted([3, True, 0.5, False, -2]))
d = {1: "one", True: "true?", 1.0: "float one"}
print(d, len(d))


def kind(x):
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int"
    if isinstance(x, float):
        return "float"
    if isinstance(x, (str, list)):
        return "str-or-list"
    return type(x).__name__


for v in [True, 3, 3.5, "s", [1], None, (1,), {}]:
    print(repr(v), kind(v))
print(int.__name__, bool.__name__, float.__name__, type(None).__name__)
print(isinstance(3, (float, str)), isinstance(3.0, (float, str)))
print(str(True), repr(False), f"{True:d}", f"{False!r}", bool("False"))
