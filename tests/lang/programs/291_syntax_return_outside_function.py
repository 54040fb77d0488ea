# Exercises a compile-time SyntaxError: 'return' outside function, after several valid statements.
import math

radius = 2.0
area = math.pi * radius ** 2
print(area)
if area > 10:
    return area
print("done")
