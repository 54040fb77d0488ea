# Exercises arithmetic dunders on a Vector: + - * / // % ** neg pos abs, in-place ops, and equality.
import math


class Vector:
    def __init__(self, *components):
        self.c = tuple(components)

    def _zip(self, other, op):
        if len(self.c) != len(other.c):
            raise ValueError("dimension mismatch")
        return Vector(*(op(a, b) for a, b in zip(self.c, other.c)))

    def __add__(self, other):
        return self._zip(other, lambda a, b: a + b)

    def __sub__(self, other):
        return self._zip(other, lambda a, b: a - b)

    def __mul__(self, k):
        if isinstance(k, Vector):
            return sum(a * b for a, b in zip(self.c, k.c))
        return Vector(*(a * k for a in self.c))

    def __truediv__(self, k):
        return Vector(*(a / k for a in self.c))

    def __floordiv__(self, k):
        return Vector(*(a // k for a in self.c))

    def __mod__(self, k):
        return Vector(*(a % k for a in self.c))

    def __pow__(self, k):
        return Vector(*(a ** k for a in self.c))

    def __neg__(self):
        return Vector(*(-a for a in self.c))

    def __pos__(self):
        return self

    def __abs__(self):
        return math.sqrt(sum(a * a for a in self.c))

    def __iadd__(self, other):
        self.c = (self + other).c
        return self

    def __eq__(self, other):
        return isinstance(other, Vector) and self.c == other.c

    def __repr__(self):
        return f"Vector{self.c}"


v = Vector(3, 4)
w = Vector(1, -2)
print(v + w, v - w, v * 2, v * w, v / 2, v // 3, v % 3, v ** 2)
print(-v, +v is v, abs(v), abs(Vector(1, 1, 1, 1)))
alias = v
v += w
print(v, alias is v, alias)
v -= w
print(v, alias is v)
print(Vector(1, 2) == Vector(1, 2), Vector(1, 2) != Vector(2, 1), Vector(1) == (1,))
try:
    Vector(1, 2) + Vector(1, 2, 3)
except ValueError as exc:
    print("ValueError:", exc)
try:
    v + 1
except AttributeError as exc:
    print("AttributeError:", exc)
