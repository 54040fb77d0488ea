# dataclasses: frozen=True (FrozenInstanceError on assignment and deletion), order=True comparisons, the __hash__ rules of eq/frozen/unsafe_hash, and explicit methods the decorator keeps
from dataclasses import dataclass, field, FrozenInstanceError, replace
import dataclasses


@dataclass(frozen=True)
class Frozen:
    a: int
    b: str = "x"


f = Frozen(1)
print(f, f.a, f.b)
for action in ("assign a", "assign new", "delete b"):
    try:
        if action == "assign a":
            f.a = 2
        elif action == "assign new":
            f.c = 3
        else:
            del f.b
    except FrozenInstanceError as e:
        print(action, "->", type(e).__name__, e, isinstance(e, AttributeError))
print(f, issubclass(FrozenInstanceError, AttributeError))
print(hash(f) == hash(Frozen(1)), hash(f) == hash((1, "x")), {f: "found"}[Frozen(1)])
print(replace(f, b="y"), f)
print(len({Frozen(1), Frozen(1), Frozen(2)}))


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    note: str = field(default="", compare=False)


print(Version(1, 2) < Version(1, 3), Version(2) > Version(1, 9), Version(1) <= Version(1), Version(1, 1) >= Version(1, 2))
print(sorted([Version(3), Version(1, 5, "b"), Version(1, 2, "a")]))
print(Version(1, 0, "x") == Version(1, 0, "y"), max([Version(0, 9), Version(1), Version(0, 10)]))
for other in (3, "v", (1, 0)):
    try:
        Version(1) < other
    except TypeError as e:
        print("TypeError:", e)


@dataclass(order=True)
class Other:
    major: int
    minor: int = 0


try:
    Version(1) < Other(2)
except TypeError as e:
    print("TypeError:", e)
print(Version(1) == Other(1))


@dataclass
class Plain:
    a: int


@dataclass(unsafe_hash=True)
class Hashed:
    a: int
    b: list = field(default_factory=list, hash=False)


@dataclass(eq=False)
class Identity:
    a: int


@dataclass(frozen=True, eq=False)
class FrozenIdentity:
    a: int


print(Plain.__hash__, Hashed(1).__hash__() == hash((1,)), hash(Hashed(1, [1])) == hash(Hashed(1, [2])))
try:
    hash(Plain(1))
except TypeError as e:
    print("TypeError:", e)
i = Identity(1)
print(hash(i) == hash(i), Identity(1) == Identity(1), i == i)
print(FrozenIdentity(1) == FrozenIdentity(1))


@dataclass
class KeepsHash:
    a: int

    def __hash__(self):
        return 42


@dataclass(frozen=True)
class KeepsHashFrozen:
    a: int

    def __hash__(self):
        return 7


print(hash(KeepsHash(1)), hash(KeepsHashFrozen(1)))
try:
    @dataclass(unsafe_hash=True)
    class Clash:
        a: int

        def __hash__(self):
            return 1
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass(order=True)
    class OwnLt:
        a: int

        def __lt__(self, other):
            return True
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass(frozen=True)
    class OwnSetattr:
        a: int

        def __setattr__(self, name, value):
            pass
except TypeError as e:
    print("TypeError:", e)


@dataclass
class OwnEq:
    a: int

    def __eq__(self, other):
        return "custom"


print(OwnEq(1) == OwnEq(2), OwnEq.__hash__)


@dataclass(frozen=True)
class FrozenBase:
    x: int


try:
    @dataclass
    class Thawed(FrozenBase):
        y: int = 0
except TypeError as e:
    print("TypeError:", e)


@dataclass
class ThawedBase:
    x: int


try:
    @dataclass(frozen=True)
    class Refrozen(ThawedBase):
        y: int = 0
except TypeError as e:
    print("TypeError:", e)


@dataclass(frozen=True)
class FrozenChild(FrozenBase):
    y: int = 0


fc = FrozenChild(1, 2)
print(fc, fc == FrozenChild(1, 2), hash(fc) == hash((1, 2)))
try:
    fc.y = 5
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)


class Subclass(Frozen):
    pass


s = Subclass(5)
try:
    s.extra = 1
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
print(s, dataclasses.is_dataclass(s))
