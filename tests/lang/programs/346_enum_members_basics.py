# enum: members, name/value, lookup by value and name, iteration order, len, in, aliases, repr/str/format, identity, hashing
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1


print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value)
print(Color(2), Color["BLUE"], Color(1) is Color.RED)
print(list(Color), len(Color))
print(Color.CRIMSON is Color.RED, Color.CRIMSON.name, Color["CRIMSON"])
print([m.name for m in Color], [m.value for m in Color])
print(list(Color.__members__), [(k, v.name) for k, v in Color.__members__.items()])
print(Color.__members__, len(Color.__members__), "RED" in Color.__members__, Color.__members__["CRIMSON"])
print(Color.RED in Color, Color.GREEN == Color.GREEN, Color.RED == Color.GREEN, Color.RED != 1)
print(Color.RED == 1, Color.RED is not Color.BLUE)
print(type(Color.RED) is Color, isinstance(Color.RED, Color), isinstance(Color.RED, Enum))
print(issubclass(Color, Enum), type(Color).__name__, repr(Color), str(Color))
print(f"{Color.GREEN}", f"{Color.GREEN!r}", f"{Color.GREEN:>14}|", "%s" % Color.BLUE)
print(str(Color.BLUE), format(Color.BLUE), [Color.RED, Color.BLUE])
counts = {Color.RED: 0, Color.GREEN: 0}
for c in [Color.RED, Color.RED, Color.GREEN, Color.CRIMSON]:
    counts[c] += 1
print(counts, counts[Color.CRIMSON])
print(sorted(Color, key=lambda c: -c.value))
print(hash(Color.RED) == hash(Color.CRIMSON), {Color.RED, Color.CRIMSON, Color.BLUE} == {Color.RED, Color.BLUE})
print(list(reversed(Color)), bool(Color.RED))
print(Color.RED.__class__.__name__, Color.__name__, Color.__qualname__)
print(dir(Color))
print(dir(Color.RED))


class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"
    PENDING = ("pending", 1)


print(Status("active"), Status(("pending", 1)), Status.PENDING.value)
print(Status.ACTIVE.value.upper(), [s.value for s in Status])
import copy
print(copy.copy(Color.RED) is Color.RED, copy.deepcopy([Color.BLUE])[0] is Color.BLUE)
print(getattr(Color, "GREEN"), hasattr(Color, "PURPLE"), Color.RED.RED if False else "skip")


class Empty(Enum):
    pass


print(list(Empty), len(Empty), repr(Empty))


class Shade(Empty):
    DARK = 0


print(Shade.DARK, Shade(0), bool(Shade.DARK))
