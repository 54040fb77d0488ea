# Exercises a Quantity class with units: reflected ops (__radd__/__rmul__/__rtruediv__), __floordiv__/__mod__/__abs__/__pos__/__neg__.
class Quantity:
    def __init__(self, value, unit):
        self.value, self.unit = value, unit

    def _check(self, other):
        if not isinstance(other, Quantity):
            return NotImplemented
        if other.unit != self.unit:
            raise TypeError(f"unit mismatch: {self.unit} vs {other.unit}")
        return other

    def __add__(self, other):
        if other == 0:
            return self
        other = self._check(other)
        return Quantity(self.value + other.value, self.unit)

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        other = self._check(other)
        if other is NotImplemented:
            return other
        return Quantity(self.value - other.value, self.unit)

    def __mul__(self, k):
        return Quantity(self.value * k, self.unit)

    def __rmul__(self, k):
        return Quantity(k * self.value, self.unit)

    def __truediv__(self, other):
        if isinstance(other, Quantity):
            self._check(other)
            return self.value / other.value
        return Quantity(self.value / other, self.unit)

    def __rtruediv__(self, k):
        return Quantity(k / self.value, f"1/{self.unit}")

    def __floordiv__(self, other):
        self._check(other)
        return self.value // other.value

    def __mod__(self, other):
        self._check(other)
        return Quantity(self.value % other.value, self.unit)

    def __neg__(self):
        return Quantity(-self.value, self.unit)

    def __pos__(self):
        return Quantity(+self.value, self.unit)

    def __abs__(self):
        return Quantity(abs(self.value), self.unit)

    def __eq__(self, other):
        if isinstance(other, Quantity):
            return (self.value, self.unit) == (other.value, other.unit)
        return False

    def __repr__(self):
        return f"{self.value:g} {self.unit}"


legs = [Quantity(12.5, "km"), Quantity(7.25, "km"), Quantity(30, "km")]
total = sum(legs)
print(total, 2 * legs[0], legs[1] * 4, total / 3, total / legs[0], 1 / Quantity(4, "s"))
print(Quantity(100, "min") // Quantity(45, "min"), Quantity(100, "min") % Quantity(45, "min"))
print(-legs[0], +legs[1], abs(Quantity(-3, "kg")), abs(-legs[2]) == legs[2])
try:
    legs[0] + Quantity(1, "kg")
except TypeError as exc:
    print("TypeError:", exc)
try:
    legs[0] - 5
except TypeError as exc:
    print("TypeError:", exc)
print(sum([Quantity(1, "h")] * 3), Quantity(5, "m") == Quantity(5, "m"), Quantity(5, "m") == 5)
