# enum: auto() values, _generate_next_value_, unique, aliases in __members__, the functional API
from enum import Enum, auto, unique


class Weekday(Enum):
    MONDAY = auto()
    TUESDAY = auto()
    WEDNESDAY = 10
    THURSDAY = auto()
    FRIDAY = auto()


print([(d.name, d.value) for d in Weekday])


class Lower(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    ALPHA = auto()
    BETA = auto()


print(Lower.ALPHA.value, Lower("beta"), list(Lower))


class Counted(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return (count, name[0])

    A = auto()
    B = auto()
    C = auto()


print([c.value for c in Counted])


@unique
class Mode(Enum):
    TRAIN = 1
    EVAL = 2


print(list(Mode))
try:
    @unique
    class Bad(Enum):
        ONE = 1
        TWO = 2
        UNO = 1
        DOS = 2
except ValueError as e:
    print("ValueError:", e)


class Alias(Enum):
    A = 1
    B = 1
    C = 2


print(len(Alias), list(Alias), list(Alias.__members__), Alias.B)
print(repr(auto()), auto().value is not None)

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, Animal(3), repr(Animal))
Planet = Enum("Planet", [("MERCURY", 1), ("VENUS", 2)])
print(Planet.VENUS, Planet(1).name)
Size = Enum("Size", {"S": "small", "L": "large"})
print([(s.name, s.value) for s in Size])
Letters = Enum("Letters", "A, B, C", start=10)
print([(l.name, l.value) for l in Letters])
Listed = Enum("Listed", ["X", "Y"])
print(Listed.Y.value, type(Listed).__name__)
