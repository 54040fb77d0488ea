# Exercises math module functions in a geometry helper: sqrt, hypot, pi, trig, degrees/radians.
import math


class Circle:
    def __init__(self, r):
        self.r = r

    def area(self):
        return math.pi * self.r ** 2

    def circumference(self):
        return 2 * math.pi * self.r


def distance(p, q):
    return math.hypot(q[0] - p[0], q[1] - p[1])


def triangle_area(a, b, c):
    s = (a + b + c) / 2
    return math.sqrt(s * (s - a) * (s - b) * (s - c))


def polar(x, y):
    return math.hypot(x, y), math.degrees(math.atan2(y, x))


for r in (1, 2.5, 10):
    c = Circle(r)
    print(f"r={r}: area={c.area():.4f} circ={c.circumference():.4f}")

print(distance((0, 0), (3, 4)), distance((1, 1), (4, 5)), distance((-1, -1), (1, 1)))
print(triangle_area(3, 4, 5), round(triangle_area(5, 5, 5), 6))
for x, y in [(1, 0), (0, 1), (-1, 0), (1, 1), (-3, -3)]:
    rad, deg = polar(x, y)
    print(x, y, round(rad, 6), round(deg, 6))
print(round(math.sin(math.pi / 6), 10), round(math.cos(math.pi / 3), 10), round(math.tan(math.pi / 4), 10))
print(math.radians(180) == math.pi, math.degrees(math.pi / 2))
print(math.sqrt(2), math.sqrt(16), math.pi, math.e, math.tau)
print(round(math.asin(1), 12), round(math.acos(0), 12), round(math.atan(1) * 4, 12))
