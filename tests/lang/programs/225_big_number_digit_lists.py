# Exercises arbitrary-precision arithmetic on digit strings (add, multiply, factorial, power) without big ints.
def add(a, b):
    result, carry = [], 0
    a, b = a[::-1], b[::-1]
    for i in range(max(len(a), len(b))):
        da = int(a[i]) if i < len(a) else 0
        db = int(b[i]) if i < len(b) else 0
        carry, digit = divmod(da + db + carry, 10)
        result.append(str(digit))
    if carry:
        result.append(str(carry))
    return "".join(reversed(result)).lstrip("0") or "0"


def multiply(a, b):
    product = [0] * (len(a) + len(b))
    for i, da in enumerate(reversed(a)):
        for j, db in enumerate(reversed(b)):
            product[i + j] += int(da) * int(db)
    for k in range(len(product) - 1):
        carry, product[k] = divmod(product[k], 10)
        product[k + 1] += carry
    return "".join(map(str, reversed(product))).lstrip("0") or "0"


def factorial(n):
    result = "1"
    for k in range(2, n + 1):
        result = multiply(result, str(k))
    return result


def power(base, exp):
    result, b = "1", str(base)
    while exp:
        if exp & 1:
            result = multiply(result, b)
        b = multiply(b, b)
        exp >>= 1
    return result


print(add("999999999999999999999", "1"), add("0", "0"), add("123", "98765"))
print(multiply("12345678901234567890", "98765432109876543210"))
print(factorial(30))
print(power(2, 100), len(power(2, 100)))
print(power(3, 64))
fib_a, fib_b = "0", "1"
for _ in range(150):
    fib_a, fib_b = fib_b, add(fib_a, fib_b)
print("fib(150) =", fib_a)
print(sum(int(d) for d in factorial(50)), factorial(25) == multiply(factorial(24), "25"))
print(multiply(str(2 ** 31 - 1), str(2 ** 31 - 1)) == str((2 ** 31 - 1) ** 2))
