# enum: looking a member up by a value no member has ends in CPython's ValueError
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(Color(3))
print(Color(5))
