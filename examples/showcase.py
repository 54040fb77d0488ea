# A tour of the language refc runs: classes, generators, closures, exceptions
# and f-strings. `refc run examples/showcase.py` prints exactly what
# `python3 examples/showcase.py` prints.


# --- Classes: a small hierarchy with properties, dunders and super() ---------

class Shape:
    count = 0

    def __init__(self, name):
        self.name = name
        Shape.count += 1

    def area(self):
        raise NotImplementedError(f"{type(self).__name__}.area")

    def __lt__(self, other):
        return self.area() < other.area()

    def __repr__(self):
        return f"{self.name}(area={self.area():.2f})"


class Rectangle(Shape):
    def __init__(self, width, height):
        super().__init__("Rectangle")
        self.width = width
        self.height = height

    def area(self):
        return self.width * self.height


class Square(Rectangle):
    def __init__(self, side):
        super().__init__(side, side)
        self.name = "Square"

    @property
    def side(self):
        return self.width


class Circle(Shape):
    PI = 3.141592653589793

    def __init__(self, radius):
        super().__init__("Circle")
        self.radius = radius

    def area(self):
        return Circle.PI * self.radius ** 2


shapes = [Rectangle(3, 4.5), Circle(1.5), Square(2), Circle(0.5)]
print("shapes, smallest first:")
for shape in sorted(shapes):
    print(f"  {shape!r:<28} is a Shape: {isinstance(shape, Shape)}")
print(f"{Shape.count} shapes made; total area {sum(s.area() for s in shapes):.3f}")
print(f"a square of side {Square(7).side} has area {Square(7).area()}")


# --- Generators: a lazy pipeline ---------------------------------------------

def naturals(start):
    n = start
    while True:
        yield n
        n += 1


def primes():
    found = []
    for n in naturals(2):
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n


def take(n, iterable):
    for i, item in enumerate(iterable):
        if i == n:
            return
        yield item


def pairwise(iterable):
    it = iter(iterable)
    previous = next(it)
    for item in it:
        yield previous, item
        previous = item


print()
print("first primes:", list(take(12, primes())))
twins = [(p, q) for p, q in pairwise(take(30, primes())) if q - p == 2]
print(f"twin primes below 115: {twins}")
squares = (x * x for x in range(10))
print(f"sum of squares below 100: {sum(squares)}")


# --- Closures: counters and composition ---------------------------------------

def make_counter(step=1):
    total = 0

    def bump():
        nonlocal total
        total += step
        return total

    return bump


def compose(*functions):
    def composed(x):
        for f in reversed(functions):
            x = f(x)
        return x

    return composed


print()
by_one, by_ten = make_counter(), make_counter(10)
print("counters:", [by_one() for _ in range(3)], [by_ten() for _ in range(3)])
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(f"compose(double, inc)(5) = {inc_then_double(5)}")
adders = [lambda x, n=n: x + n for n in range(4)]
print("adders:", [add(100) for add in adders])


# --- Exceptions: custom classes, chaining, finally -----------------------------

class InsufficientFunds(Exception):
    def __init__(self, balance, amount):
        super().__init__(f"cannot withdraw {amount}: balance is {balance}")
        self.shortfall = amount - balance


class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.log = []

    def withdraw(self, amount):
        try:
            if amount <= 0:
                raise ValueError(f"amount must be positive, not {amount}")
            if amount > self.balance:
                raise InsufficientFunds(self.balance, amount)
            self.balance -= amount
            return self.balance
        finally:
            self.log.append(amount)


print()
account = Account("ada", 100)
for amount in [30, -5, 90, 70]:
    try:
        left = account.withdraw(amount)
    except InsufficientFunds as e:
        print(f"  refused: {e} (short by {e.shortfall})")
    except ValueError as e:
        print(f"  invalid: {e}")
    else:
        print(f"  withdrew {amount:>3}, {left:>3} left")
print(f"attempts: {account.log}")

try:
    try:
        {}["missing"]
    except KeyError as e:
        raise RuntimeError("lookup failed") from e
except RuntimeError as e:
    print(f"{type(e).__name__}: {e} (caused by {type(e.__cause__).__name__}: {e.__cause__})")


# --- f-strings and formatting --------------------------------------------------

print()
rows = [("alpha", 1, 0.5), ("beta", 22, 12.25), ("gamma", 333, 1234.125)]
print(f"{'name':<8}|{'n':>5}|{'value':>10}")
print("-" * 25)
for name, n, value in rows:
    print(f"{name:<8}|{n:>5}|{value:>10.2f}")
total = sum(v for _, _, v in rows)
print(f"{'total':<8}|{len(rows):>5}|{total:>10.2f}")
print(f"{total:e} {total:.1f} {255:#x} {255:08b} {0.1 + 0.2!r}")
