# Exercises an uncaught ValueError: math domain error from math.sqrt of a negative discriminant.
import math


def roots(a, b, c):
    disc = b * b - 4 * a * c
    r = math.sqrt(disc)
    return (-b + r) / (2 * a), (-b - r) / (2 * a)


print(roots(1, -3, 2))
print(roots(1, 2, 1))
print(roots(1, 0, 1))
