# Exercises a syntax error: a triple-quoted docstring that is never closed.
def area(w, h):
    return w * h


def perimeter(w, h):
    """Return the perimeter of a rectangle.
    return 2 * (w + h)


print(area(2, 3), perimeter(2, 3))
