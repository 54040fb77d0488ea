# Exercises NotImplemented returned from __eq__ and __lt__: reflected attempts, identity fallback and TypeError.
class Celsius:
    def __init__(self, deg):
        self.deg = deg

    def __eq__(self, other):
        print(f"  Celsius.__eq__({type(other).__name__})")
        if isinstance(other, Celsius):
            return self.deg == other.deg
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, Celsius):
            return self.deg < other.deg
        return NotImplemented


class Fahrenheit:
    def __init__(self, deg):
        self.deg = deg

    def __eq__(self, other):
        print(f"  Fahrenheit.__eq__({type(other).__name__})")
        if isinstance(other, Celsius):
            return abs((self.deg - 32) * 5 / 9 - other.deg) < 1e-9
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, Celsius):
            return (self.deg - 32) * 5 / 9 > other.deg
        return NotImplemented


print(Celsius(100) == Celsius(100))
print(Celsius(100) == Fahrenheit(212))
print(Celsius(0) == "zero")
print(Celsius(5) != Celsius(6))
print(Celsius(10) < Fahrenheit(100))
try:
    Celsius(1) < 5
except TypeError as exc:
    print("TypeError:", exc)
print(sorted([Celsius(30), Celsius(-5), Celsius(12)], key=lambda c: c.deg)[0].deg)
print(NotImplemented.__class__.__name__, bool(NotImplemented is NotImplemented))
