# dataclasses: __post_init__, InitVar and ClassVar pseudo-fields, init=False fields, inheritance of fields and defaults, kw_only and KW_ONLY, field descriptors and __set_name__
from dataclasses import dataclass, field, fields, InitVar, KW_ONLY, replace, asdict
from typing import ClassVar, List
import dataclasses


@dataclass
class Scaled:
    a: int
    scale: InitVar[int] = 2
    b: int = field(init=False)
    registry: ClassVar[List[str]] = []

    def __post_init__(self, scale):
        self.b = self.a * scale
        Scaled.registry.append(f"made {self.a}x{scale}")


w = Scaled(3)
print(w, Scaled(3, 10), Scaled(a=4, scale=5))
print([f.name for f in fields(w)], Scaled.registry)
print(Scaled.__dataclass_fields__["scale"]._field_type, Scaled.__dataclass_fields__["registry"]._field_type)
print(repr(Scaled.__dataclass_fields__["scale"].type), InitVar[int], InitVar[List[int]])
print(Scaled.__doc__)
try:
    replace(w, b=1)
except ValueError as e:
    print("ValueError:", e)
print(replace(w, a=7, scale=3))


@dataclass
class NeedsInitVar:
    a: int
    factor: InitVar[int]

    def __post_init__(self, factor):
        self.a *= factor


try:
    replace(NeedsInitVar(1, 2), a=3)
except ValueError as e:
    print("ValueError:", e)


@dataclass
class Base:
    x: int
    y: int = 1

    def total(self):
        return self.x + self.y


@dataclass
class Child(Base):
    z: int = 5
    x: int = 7


c = Child()
print(c, Child(1, 2, 3), [f.name for f in fields(Child)], c.total())
print(Child.__doc__, isinstance(c, Base), c == Base(7, 1))


@dataclass
class GrandChild(Child):
    w: List[int] = field(default_factory=lambda: [1, 2])


print(GrandChild(), GrandChild(0, 0, 0, [9]), asdict(GrandChild()))


class NotADataclass(Base):
    extra = 3


print(NotADataclass(1), dataclasses.is_dataclass(NotADataclass))


@dataclass
class AfterPlain(NotADataclass):
    q: int = 0


print(AfterPlain(1, 2, 3), [f.name for f in fields(AfterPlain)])


@dataclass
class WithPostInitBase:
    a: int

    def __post_init__(self):
        print("base post init", self.a)


@dataclass
class WithPostInitChild(WithPostInitBase):
    b: int = 0

    def __post_init__(self):
        super().__post_init__()
        print("child post init", self.b)


WithPostInitChild(1, 2)


@dataclass(kw_only=True)
class Options:
    lr: float = 0.1
    steps: int


print(Options(steps=3), Options.__doc__)


@dataclass
class Marker:
    a: int
    _: KW_ONLY
    b: int = 2
    c: int = 3


print(Marker(1), Marker(1, c=5), Marker.__doc__, [f.kw_only for f in fields(Marker)])


@dataclass
class Positional:
    p: int
    q: int = field(default=0, kw_only=True)
    r: int = 1


print(Positional(1, 2), Positional(1, 2, q=3), Positional.__doc__)


@dataclass
class Counter:
    count: int = 0
    history: List[int] = field(default_factory=list, repr=False)

    def bump(self):
        self.count += 1
        self.history.append(self.count)
        return self


k = Counter().bump().bump()
print(k, k.history)


class Descriptor:
    def __init__(self, default):
        self.default = default

    def __set_name__(self, owner, name):
        print("set_name", owner.__name__, name)
        self.name = "_" + name

    def __get__(self, obj, owner):
        if obj is None:
            return self.default
        return getattr(obj, self.name, self.default)

    def __set__(self, obj, value):
        setattr(obj, self.name, value * 10)


@dataclass
class UsesDescriptor:
    size: int = Descriptor(4)


u = UsesDescriptor()
print(u.size, UsesDescriptor(2).size)


@dataclass
class SelfField:
    self: int
    other: int = 0


print(SelfField(1), SelfField(self=2, other=3))


@dataclass
class NoInit:
    a: int = 5

    def __init__(self, value):
        self.a = value * 2


print(NoInit(4), NoInit.__doc__)


@dataclass(init=False)
class InitFalse:
    a: int = 1


i = InitFalse()
print(i, InitFalse.__doc__)


import abc


class Runner(abc.ABC):
    @abc.abstractmethod
    def run(self):
        ...


@dataclass
class Done(Runner):
    x: int = 1

    def run(self):
        return self.x


@dataclass
class Half(Runner):
    y: int = 2


print(Done().run(), sorted(Half.__abstractmethods__), Done.__abstractmethods__)
try:
    Half()
except TypeError as e:
    print("TypeError:", e)
