# Exercises a user Fraction class: gcd normalisation, arithmetic/reflected dunders, comparisons, hashing.
import math


class Fraction:
    def __init__(self, num, den=1):
        if den == 0:
            raise ZeroDivisionError("Fraction denominator is zero")
        if den < 0:
            num, den = -num, -den
        g = math.gcd(num, den)
        self.num = num // g
        self.den = den // g

    @staticmethod
    def _coerce(other):
        if isinstance(other, Fraction):
            return other
        if isinstance(other, int):
            return Fraction(other)
        return NotImplemented

    def __add__(self, other):
        other = self._coerce(other)
        if other is NotImplemented:
            return other
        return Fraction(self.num * other.den + other.num * self.den, self.den * other.den)

    __radd__ = __add__

    def __sub__(self, other):
        other = self._coerce(other)
        return Fraction(self.num * other.den - other.num * self.den, self.den * other.den)

    def __rsub__(self, other):
        return self._coerce(other) - self

    def __mul__(self, other):
        other = self._coerce(other)
        return Fraction(self.num * other.num, self.den * other.den)

    __rmul__ = __mul__

    def __truediv__(self, other):
        other = self._coerce(other)
        return Fraction(self.num * other.den, self.den * other.num)

    def __neg__(self):
        return Fraction(-self.num, self.den)

    def __eq__(self, other):
        other = self._coerce(other)
        return self.num == other.num and self.den == other.den

    def __lt__(self, other):
        other = self._coerce(other)
        return self.num * other.den < other.num * self.den

    def __hash__(self):
        return hash((self.num, self.den))

    def __float__(self):
        return self.num / self.den

    def __repr__(self):
        return f"Fraction({self.num}, {self.den})"

    def __str__(self):
        return f"{self.num}/{self.den}" if self.den != 1 else str(self.num)


half = Fraction(1, 2)
third = Fraction(1, 3)
print(half + third, half - third, half * third, half / third, -half)
print(1 + half, 2 - third, 3 * third, half + 1, repr(Fraction(6, -8)))
harmonic = sum((Fraction(1, n) for n in range(1, 11)), Fraction(0))
print(harmonic, float(harmonic))
print(half == Fraction(2, 4), half == 1, Fraction(4, 2) == 2, half < third, third < half)
print(sorted([Fraction(3, 4), half, third, Fraction(-1, 5)]))
seen = {Fraction(1, 2): "a", Fraction(2, 4): "b"}
print(len(seen), seen[half])
print(max([Fraction(7, 9), Fraction(4, 5)]), min(Fraction(7, 9), Fraction(4, 5)))
