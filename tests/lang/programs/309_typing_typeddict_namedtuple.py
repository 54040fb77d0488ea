# typing: TypedDict (class form with total=, inheritance; functional form) makes plain dicts with their key sets; NamedTuple, functional (list and keyword forms) and class form (NamedTupleMeta: defaults, methods, docstring, its errors), makes a real namedtuple with __annotations__
from typing import TypedDict, NamedTuple, List, Optional
import typing


class Movie(TypedDict):
    name: str
    year: int


m = Movie(name="Blade Runner", year=1982)
print(m, type(m), m["name"], isinstance(m, dict), len(m))
print(Movie.__annotations__, sorted(Movie.__required_keys__), sorted(Movie.__optional_keys__), Movie.__total__)
print(Movie.__name__, Movie.__module__)


class Partial(TypedDict, total=False):
    rating: float
    tags: List[str]


p = Partial(rating=4.5)
print(p, sorted(Partial.__required_keys__), sorted(Partial.__optional_keys__), Partial.__total__)


class Extended(Movie, total=False):
    director: Optional[str]


e = Extended(name="x", year=1, director=None)
print(e, Extended.__annotations__)
print(sorted(Extended.__required_keys__), sorted(Extended.__optional_keys__))
print(Movie({"name": "copy", "year": 2}), Movie([("name", "pairs"), ("year", 3)]))

Point2D = TypedDict('Point2D', {'x': int, 'y': int, 'label': str})
pt = Point2D(x=1, y=2, label='a')
print(pt, Point2D.__annotations__, sorted(Point2D.__required_keys__))
Loose = TypedDict('Loose', {'a': int}, total=False)
print(Loose(), Loose(a=1), sorted(Loose.__optional_keys__))

Employee = NamedTuple('Employee', [('name', str), ('id', int)])
emp = Employee('Guido', 1)
print(emp, emp.name, emp.id, emp[0], Employee._fields, Employee.__annotations__)
print(emp._asdict(), emp._replace(id=2), Employee._make(['Tim', 3]), isinstance(emp, tuple))
name, ident = emp
print(name, ident, emp == ('Guido', 1), len(emp), Employee.__name__)
Coords = NamedTuple('Coords', x=float, y=float)
print(Coords(1.0, 2.5), Coords._fields, Coords.__annotations__)
try:
    Employee('a')
except TypeError as e:
    print("TypeError:", e)
try:
    emp.name = 'x'
except AttributeError as e:
    print("AttributeError:", e)
try:
    NamedTuple('Bad', [('a', int)], b=int)
except TypeError as e:
    print("TypeError:", e)
try:
    TypedDict('Bad', {'a': int}, b=int)
except TypeError as e:
    print("TypeError:", e)


class Point(NamedTuple):
    """A point on the grid."""
    x: int
    y: int = 0
    label: str = "p"

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)

    @property
    def swapped(self) -> "Point":
        return Point(self.y, self.x, self.label)


pt = Point(3, -4)
print(pt, pt.norm1(), pt.swapped, Point._fields, Point._field_defaults, Point.__annotations__)
print(isinstance(pt, tuple), type(pt).__name__, Point.__bases__, Point.__doc__, Point.__orig_bases__ == (NamedTuple,))
print(pt._replace(x=1), Point._make([1, 2, "m"]), pt._asdict(), pt == (3, -4, "p"), hash(pt) == hash((3, -4, "p")))
px, py, plabel = pt
print(px, py, plabel, pt[1:], Point.__name__, Point.__qualname__, Point.__module__)


def local_named_tuple():
    class Pair(NamedTuple):
        left: int
        right: int
    return Pair


Pair = local_named_tuple()
print(Pair(1, 2), Pair.__qualname__)
for bad in (lambda: Point(), lambda: Point(1, 2, "a", 4), lambda: Point(1, z=2)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


def non_default_after_default():
    class Bad(NamedTuple):
        a: int = 1
        b: int


def overwrite_fields():
    class Bad(NamedTuple):
        a: int
        _fields = ("z",)


for make in (non_default_after_default, overwrite_fields):
    try:
        make()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__ + ":", e)


class Options(TypedDict, total=False):
    lr: typing.Required[float]
    steps: int
    note: typing.NotRequired["str"]


class Strict(TypedDict):
    name: str
    extra: typing.NotRequired[int]


print(sorted(Options.__required_keys__), sorted(Options.__optional_keys__), Options.__annotations__)
print(sorted(Strict.__required_keys__), sorted(Strict.__optional_keys__), typing.is_typeddict(Strict), typing.is_typeddict(dict))
print(Options(lr=0.1), type(Options(lr=0.1)).__name__, Strict.__total__, Options.__total__)
for check in (lambda: isinstance({}, Movie), lambda: issubclass(dict, Movie)):
    try:
        check()
    except TypeError as e:
        print("TypeError:", e)

