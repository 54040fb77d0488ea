# Exercises functools.partial: fixing positional and keyword args, overriding keywords, .func/.args/.keywords, in maps.
from functools import partial


def power(base, exponent, modulo=None):
    result = base ** exponent
    return result % modulo if modulo else result


square = partial(power, exponent=2)
cube = partial(power, exponent=3)
two_to = partial(power, 2)
print(square(7), cube(3), two_to(10), two_to(10, modulo=1000))
print(square(5, exponent=4), list(map(square, range(6))))
print(square.func is power, square.args, square.keywords, two_to.args, two_to.keywords)


def log(level, message, *, sep=": "):
    return f"{level}{sep}{message}"


warn = partial(log, "WARN")
error = partial(log, "ERROR", sep=" !! ")
print(warn("disk low"), "|", error("disk full"), "|", warn("x", sep=" - "))
parse_hex = partial(int, base=16)
parse_bin = partial(int, base=2)
print(parse_hex("ff"), parse_bin("1011"), [parse_hex(h) for h in ["10", "1F", "abc"]])
by_length = partial(sorted, key=len)
print(by_length(["ccc", "a", "bb"]), by_length(["xx", "y"], reverse=True))
nested = partial(partial(power, 3), 4)
print(nested(), nested(modulo=5))
handlers = {name: partial(log, name.upper()) for name in ["info", "debug"]}
print([h("msg") for h in handlers.values()])
print(callable(square), type(square).__name__)
