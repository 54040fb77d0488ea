# Exercises isinstance/issubclass with user classes, builtin types, tuples of types and exception classes.
class Shape:
    pass


class Polygon(Shape):
    pass


class Square(Polygon):
    pass


class Circle(Shape):
    pass


class ShapeError(ValueError):
    pass


objs = [Square(), Circle(), Shape(), 3, "s", [1], None, ShapeError("x")]
for o in objs:
    print(f"{type(o).__name__:<10} shape={isinstance(o, Shape)} poly={isinstance(o, Polygon)}"
          f" num/str={isinstance(o, (int, str))} exc={isinstance(o, Exception)}")
print(issubclass(Square, Shape), issubclass(Square, (Circle, Polygon)), issubclass(Circle, Polygon))
print(issubclass(Shape, object), issubclass(int, object), issubclass(bool, int), issubclass(ShapeError, Exception))
print(issubclass(ShapeError, (KeyError, ValueError)), issubclass(KeyError, LookupError), issubclass(Square, Square))
print(isinstance(Square, type), isinstance(int, type), type(Square) is type, type(type) is type)
print(isinstance(True, (bool, float)), isinstance(1.0, int), isinstance([], (list, tuple)), isinstance({}, dict))
print(isinstance(range(3), range), isinstance(len, object), isinstance(frozenset(), set))


def area(shape):
    if isinstance(shape, Square):
        return "side^2"
    elif isinstance(shape, Circle):
        return "pi r^2"
    elif isinstance(shape, Shape):
        return "unknown shape"
    raise TypeError(f"not a shape: {type(shape).__name__}")


for o in objs[:4]:
    try:
        print(area(o))
    except TypeError as exc:
        print("TypeError:", exc)
try:
    isinstance(3, "int")
except TypeError as exc:
    print("TypeError:", exc)
