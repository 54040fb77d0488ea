# Exercises an uncaught TypeError: add() takes 2 positional arguments but 3 were given.
def add(a, b):
    return a + b


print(add(1, 2))
print(add(*[3, 4]))
print(add(1, 2, 3))
