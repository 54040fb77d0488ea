# Exercises basic classes: __init__, instance/class attributes, methods calling methods, and default repr avoidance.
import math


class Point:
    dimensions = 2
    created = 0

    def __init__(self, x=0, y=0):
        self.x = x
        self.y = y
        Point.created += 1

    def distance_to(self, other):
        return math.hypot(self.x - other.x, self.y - other.y)

    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)

    def move(self, dx, dy):
        self.x += dx
        self.y += dy
        return self

    def as_tuple(self):
        return (self.x, self.y)


origin = Point()
p = Point(3, 4)
q = p.moved(1, 1)
print(origin.as_tuple(), p.as_tuple(), q.as_tuple())
print(p.distance_to(origin), q.distance_to(p))
p.move(-3, -4).move(1, 0)
print(p.as_tuple(), Point.created, p.created, Point.dimensions)
p.dimensions = 3
print(p.dimensions, Point.dimensions, origin.dimensions)
p.label = "dynamic attribute"
print(p.label, hasattr(origin, "label"))
print(type(p).__name__, type(p) is Point, isinstance(p, Point), Point.__name__)
print(Point.distance_to(q, origin), sorted(vars(q).items()))
points = [Point(i, i * i) for i in range(4)]
print([pt.as_tuple() for pt in points], Point.created)
print(max(points, key=lambda pt: pt.y).as_tuple())
