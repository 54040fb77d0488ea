# Exercises default argument values: evaluation once at def time, mutable defaults, None sentinels, overriding.
counter = 0


def next_id():
    global counter
    counter += 1
    return counter


def stamp(label, ident=next_id()):
    return f"{label}#{ident}"


print(stamp("a"), stamp("b"), stamp("c", 99), counter)


def add_tag(tag, tags=[]):
    tags.append(tag)
    return tags


print(add_tag("x"), add_tag("y"), add_tag("z", []), add_tag("w"))

_MISSING = object()


def lookup(d, key, default=_MISSING):
    if key in d:
        return d[key]
    if default is _MISSING:
        return f"<no {key}>"
    return default


print(lookup({"a": 1}, "a"), lookup({}, "b"), lookup({}, "c", None), lookup({}, "d", 0))


def greet(name, greeting="Hello", punct="!"):
    return f"{greeting}, {name}{punct}"


print(greet("Ann"), greet("Bo", "Hi"), greet("Cy", punct="?"), greet(greeting="Yo", name="Di"))
base = 10


def scaled(x, factor=base * 2):
    return x * factor


base = 1000
print(scaled(3), scaled(3, base))
