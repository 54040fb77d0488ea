# Exercises an uncaught ValueError: not enough values to unpack (expected 3, got 2) from tuple unpacking in a loop.
points = [(1, 2, 3), (4, 5, 6), (7, 8)]
for x, y, z in points:
    print("point", x, y, z, "norm^2", x * x + y * y + z * z)
