# Exercises exception objects: args tuples, str() vs repr() for zero/one/many args, KeyError quoting, attributes.
samples = [
    ValueError(),
    ValueError("one"),
    ValueError("two", 2),
    KeyError("key"),
    KeyError(("tuple", 1)),
    IndexError(3),
    RuntimeError(""),
    Exception("a", "b", "c"),
    ZeroDivisionError("custom zero"),
    StopIteration(42),
    AssertionError("checked"),
    TypeError(None),
]
for e in samples:
    print(f"{type(e).__name__:<18} args={e.args!r:<22} str={str(e)!r:<24} repr={e!r}")
try:
    {"a": 1}["b"]
except KeyError as exc:
    print(str(exc), repr(exc), exc.args[0])
try:
    [1, 2][5]
except IndexError as exc:
    print(str(exc), exc.args)
try:
    int("x1")
except ValueError as exc:
    print(exc, "|", exc.args)
try:
    1 % 0
except ZeroDivisionError as exc:
    print(exc, "|", repr(exc))
e = ValueError("mutable")
e.extra = {"line": 3}
print(e.extra, e.args, isinstance(e.args, tuple))
e.args = ("replaced", 1)
print(str(e), repr(e))
print(StopIteration(42).value, StopIteration().value)
