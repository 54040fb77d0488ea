# Exercises polymorphism via overridden methods across a shape hierarchy, with sorting by computed area.
import math


class Shape:
    def __init__(self, name):
        self.name = name

    def area(self):
        return 0.0

    def perimeter(self):
        return 0.0

    def __repr__(self):
        return f"{self.name}(area={self.area():.2f}, perimeter={self.perimeter():.2f})"


class Rectangle(Shape):
    def __init__(self, w, h, name="Rectangle"):
        super().__init__(name)
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h

    def perimeter(self):
        return 2 * (self.w + self.h)


class Square(Rectangle):
    def __init__(self, side):
        super().__init__(side, side, "Square")


class Circle(Shape):
    def __init__(self, r):
        super().__init__("Circle")
        self.r = r

    def area(self):
        return math.pi * self.r ** 2

    def perimeter(self):
        return 2 * math.pi * self.r


class Triangle(Shape):
    def __init__(self, a, b, c):
        super().__init__("Triangle")
        self.sides = (a, b, c)

    def perimeter(self):
        return sum(self.sides)

    def area(self):
        s = self.perimeter() / 2
        a, b, c = self.sides
        return math.sqrt(s * (s - a) * (s - b) * (s - c))


shapes = [Rectangle(3, 4), Square(2.5), Circle(1), Triangle(3, 4, 5), Circle(0.5), Shape("Point")]
for s in sorted(shapes, key=lambda s: s.area()):
    print(s)
print(f"total area: {sum(s.area() for s in shapes):.3f}")
by_kind = {}
for s in shapes:
    by_kind.setdefault(type(s).__name__, []).append(round(s.perimeter(), 2))
print(by_kind)
print(max(shapes, key=Shape.perimeter).name, [isinstance(s, Rectangle) for s in shapes])
