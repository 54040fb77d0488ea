# typing: TypedDict (class form with total=, inheritance; functional form) makes plain dicts with their key sets; NamedTuple's functional form (list and keyword forms) makes a real namedtuple with __annotations__
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
