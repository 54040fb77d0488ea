# enum: indexing an enum class by a name no member has ends in KeyError
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2


print(Color["GREEN"])
print(Color["PURPLE"])
