# dataclasses: @dataclass and @dataclass(...), defaults, field() options, the generated __repr__/__eq__/__doc__, fields, asdict, astuple, replace, is_dataclass, MISSING
from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass, MISSING
import dataclasses
from typing import List, Dict, Optional


@dataclass
class Config:
    n_layer: int = 12
    dropout: float = 0.0


print(Config(), Config(3, 0.1), Config(dropout=0.5))
print(Config.__doc__)
print(Config() == Config(), Config(1) == Config(2), Config(1) != Config(2))
print(Config(1) == (1, 0.0), Config.__eq__(Config(), 5))


@dataclass()
class Point:
    x: int
    y: int = 0
    tags: List[str] = field(default_factory=list)
    secret: str = field(default="s", repr=False, compare=False)
    cache: Dict[str, int] = field(default_factory=dict, init=False, repr=False)
    label: Optional[str] = None


p = Point(1, tags=["a"])
print(p)
print(p.cache, p.secret, p.label, p == Point(1, 0, ["a"], "other"))
print([f.name for f in fields(p)], [f.name for f in fields(Point)])
print([(f.name, f.init, f.repr, f.compare) for f in fields(Point)])
print(fields(Point)[0].type, fields(Point)[2].type, fields(Point)[1].default)
print(fields(Point)[0].default is MISSING, fields(Point)[2].default_factory is list)
print(asdict(p))
print(astuple(p))
q = replace(p, y=5, tags=["b"])
print(q, p)
print(is_dataclass(p), is_dataclass(Point), is_dataclass(3), is_dataclass(int))
print(Point.__init__.__qualname__, Point.__repr__.__qualname__, Point.__eq__.__qualname__)
print(Point.__doc__)
print(Point.__dataclass_params__)
print(dataclasses.fields(Config)[1].default, Point.__match_args__)

a = Point(1)
b = Point(1)
a.tags.append("only a")
print(a.tags, b.tags, a.tags is not b.tags)


@dataclass
class Nested:
    name: str
    points: List[Point] = field(default_factory=list)
    by_name: Dict[str, Point] = field(default_factory=dict)
    pair: tuple = (1, 2)


n = Nested("n", [Point(1), Point(2, 3)], {"k": Point(4)})
print(asdict(n))
print(astuple(n))
print(asdict(n, dict_factory=lambda items: sorted(items)))


@dataclass
class Meta:
    size: int = field(default=4, metadata={"unit": "bytes"})


print(fields(Meta)[0].metadata["unit"], fields(Meta)[0].metadata, len(fields(Meta)[0].metadata))


@dataclass(repr=False)
class Custom:
    a: int

    def __repr__(self):
        return "custom repr"


print(Custom(1), Custom(1) == Custom(1))


@dataclass(eq=False)
class NoEq:
    a: int


print(NoEq(1) == NoEq(1), NoEq(1).a)


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty(), Empty.__doc__)


@dataclass
class Documented:
    """A class with its own docstring."""
    a: int = 1


print(Documented.__doc__, Documented())


@dataclass
class Tree:
    value: int
    children: List["Tree"] = field(default_factory=list)


t = Tree(1, [Tree(2), Tree(3, [Tree(4)])])
print(t)
print(asdict(t))
MD = dataclasses.make_dataclass("MD", [("a", int), ("b", int, field(default=3))])
print(MD(1), MD(1, 2) == MD(1, 2), [f.name for f in fields(MD)])
