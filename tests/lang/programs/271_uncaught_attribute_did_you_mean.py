# Exercises an uncaught AttributeError with CPython 3.11's deliberate "Did you mean" suggestion for a close attribute name.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(3, 4)
print(p.x, p.y)
print(p.xx)
