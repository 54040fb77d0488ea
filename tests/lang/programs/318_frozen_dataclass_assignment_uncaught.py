# an uncaught dataclasses.FrozenInstanceError (assignment to a frozen dataclass's field) prints the module-qualified exception name
from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, hash(p) == hash((1, 2)))
p.x = 5
print("not reached")
