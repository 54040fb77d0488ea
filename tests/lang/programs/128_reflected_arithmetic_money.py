# Exercises reflected dunders (__radd__, __rsub__, __rmul__, __rtruediv__) and NotImplemented fallbacks with sum().
class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other * 100)
        return NotImplemented

    def __radd__(self, other):
        print(f"  __radd__ called with {other!r}")
        return self.__add__(other)

    def __sub__(self, other):
        if isinstance(other, Money):
            return Money(self.cents - other.cents)
        return Money(self.cents - other * 100)

    def __rsub__(self, other):
        return Money(other * 100 - self.cents)

    def __mul__(self, factor):
        if isinstance(factor, (int, float)):
            return Money(round(self.cents * factor))
        return NotImplemented

    __rmul__ = __mul__

    def __rtruediv__(self, other):
        return other / (self.cents / 100)

    def __repr__(self):
        return f"${self.cents / 100:.2f}"


prices = [Money(199), Money(250), Money(1)]
print(sum(prices))
print(5 + Money(50), Money(50) + 5, 10 - Money(250), Money(1000) - 2)
print(3 * Money(333), Money(333) * 1.5, 100 / Money(400))
try:
    Money(1) + "x"
except TypeError as exc:
    print("TypeError:", exc)
try:
    "x" * Money(2)
except TypeError as exc:
    print("TypeError:", exc)


class Meters:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return NotImplemented

    def __radd__(self, other):
        return f"radd({type(other).__name__})"


class Feet:
    def __add__(self, other):
        return NotImplemented


print(Feet() + Meters(3), 1 + Meters(2))
