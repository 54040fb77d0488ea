# enum: CPython's errors for bad values and names, reassigning or deleting members, extending an enum, invalid member names, `in` with a non-member (3.11's DeprecationWarning)
from enum import Enum, IntEnum


class Color(Enum):
    RED = 1
    GREEN = 2


def attempt(label, fn):
    try:
        result = fn()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
    else:
        print(label, "->", result)


attempt("Color(5)", lambda: Color(5))
attempt("Color('RED')", lambda: Color("RED"))
attempt("Color['PURPLE']", lambda: Color["PURPLE"])
attempt("Color[1]", lambda: Color[1])
attempt("Color.PURPLE", lambda: Color.PURPLE)
attempt("Color.RED.missing", lambda: Color.RED.missing)
attempt("Color.RED in Color", lambda: Color.RED in Color)
attempt("1 in Color", lambda: 1 in Color)


def reassign():
    Color.RED = 3


def delete():
    del Color.GREEN


def set_value():
    Color.RED.value = 5


attempt("Color.RED = 3", reassign)
attempt("del Color.GREEN", delete)
attempt("Color.RED.value = 5", set_value)
attempt("Color.name", lambda: Color.name)
Color.extra = "allowed"
print(Color.extra, list(Color))


def extend():
    class More(Color):
        BLUE = 3
    return More


attempt("extend", extend)


def bad_name():
    class Bad(Enum):
        mro = 1
    return Bad


attempt("mro member", bad_name)


class Number(IntEnum):
    ONE = 1


attempt("Number('x')", lambda: Number("x"))
attempt("Number(1.0)", lambda: Number(1.0))
attempt("Color() no args", lambda: Color())
print(Color.RED.name, Color.GREEN.value, hasattr(Color, "value"))


class Field(Enum):
    name = "n"
    value = "v"


print(Field.name, Field.value, Field.name.name, Field.value.value, list(Field))
