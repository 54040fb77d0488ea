# Exercises collections.namedtuple: field access, tuple behaviour, _replace/_asdict/_fields/_make, defaults, repr.
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
Employee = namedtuple("Employee", "name dept salary", defaults=[50000])
p = Point(3, 4)
q = Point(x=1, y=-2)
print(p, q, p.x, p[1], p + q, len(p))
x, y = p
print(x * y, p == (3, 4), p._replace(y=10), p._asdict())
print(Point._fields, Employee._fields, Employee._field_defaults)
staff = [Employee("ann", "eng", 120000), Employee("bo", "ops"), Employee._make(["cy", "eng", 95000])]
for e in sorted(staff, key=lambda e: e.salary, reverse=True):
    print(f"{e.name:<4} {e.dept:<4} {e.salary:>7}")
print(staff[1], repr(staff[1]))
print(max(staff, key=lambda e: e.salary).name, sum(e.salary for e in staff))
try:
    p.x = 5
except AttributeError as exc:
    print("AttributeError:", exc)
by_dept = {}
for e in staff:
    by_dept.setdefault(e.dept, []).append(e.name)
print(by_dept)
Segment = namedtuple("Segment", "start end")
seg = Segment(Point(0, 0), Point(3, 4))
print(seg, seg.end.x, isinstance(seg, tuple), type(seg).__name__)
print(dict(p._asdict()), tuple(p), list(Segment(*"ab")))
