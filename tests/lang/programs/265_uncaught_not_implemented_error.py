# Exercises an uncaught NotImplementedError from an abstract-style base method that a subclass forgot to override.
class Shape:
    def area(self):
        raise NotImplementedError(f"{type(self).__name__} must implement area()")


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2


class Blob(Shape):
    pass


for shape in [Square(3), Square(1.5), Blob()]:
    print(type(shape).__name__, shape.area())
