# Recursive calls: naive Fibonacci, plus the Ackermann function for deeper,
# less regular call trees. Measures Python-to-Python call overhead.


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def tak(x, y, z):
    if y >= x:
        return z
    return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))


print("fib(34) =", fib(34))
print("ackermann(2, 300) =", ackermann(2, 300))
print("tak(20, 14, 7) =", tak(20, 14, 7))
