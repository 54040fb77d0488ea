# Exercises an uncaught TypeError from calling a function with too few arguments: f() missing 1 required positional argument: 'b'.
def f(a, b):
    return a * 10 + b


print(f(1, 2))
print(f(b=3, a=4))
print(f(5))
