# enum: methods, properties, classmethods on enums, _missing_, tuple values unpacked into __init__, a custom __new__
from enum import Enum


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        G = 6.673e-11
        return G * self.mass / (self.radius * self.radius)


for p in Planet:
    print(p.name, p.value, p.mass, round(p.surface_gravity, 2))


class Shape(Enum):
    SQUARE = 4
    TRIANGLE = 3

    def describe(self):
        return f"{self.name.lower()} with {self.value} sides"

    @classmethod
    def largest(cls):
        return max(cls, key=lambda s: s.value)

    @staticmethod
    def unit():
        return "sides"

    def __str__(self):
        return self.name.title()


print(Shape.SQUARE.describe(), Shape.largest(), Shape.unit(), str(Shape.TRIANGLE), repr(Shape.TRIANGLE))


class Level(Enum):
    LOW = 1
    HIGH = 10

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        if isinstance(value, int) and value > 5:
            return cls.HIGH
        return None


print(Level("low"), Level(7), Level(1))
try:
    Level(0)
except ValueError as e:
    print("ValueError:", e)


class Broken(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return "nope"


try:
    Broken(2)
except TypeError as e:
    print("TypeError:", e)


class Coin(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj

    PENNY = (1, "one cent")
    DIME = (10, "ten cents")


print(Coin.DIME, Coin(1), Coin.PENNY.label, Coin.DIME.value)


class Task(Enum):
    TODO = "todo"
    DONE = "done"

    @property
    def finished(self):
        return self is Task.DONE

    def next(self):
        members = list(type(self))
        return members[(members.index(self) + 1) % len(members)]


print(Task.TODO.finished, Task.DONE.finished, Task.TODO.next(), Task.DONE.next())
print(Task.TODO.__dict__["_name_"] if "_name_" in vars(Task.TODO) else "no dict")
state = {"task": Task.TODO}
state["task"] = state["task"].next()
print(state)
