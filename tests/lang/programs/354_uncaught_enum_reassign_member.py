# enum: assigning to a member's name on the class ends in AttributeError from the metaclass's __setattr__
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2


Color.other = 5
print(Color.other)
Color.RED = 3
print("not reached")
