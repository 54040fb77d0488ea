# Exercises recursion: factorial, Fibonacci with memo dict, Towers of Hanoi, power set, flatten, Ackermann.
def factorial(n):
    return 1 if n <= 1 else n * factorial(n - 1)


def fib(n, memo={}):
    if n < 2:
        return n
    if n not in memo:
        memo[n] = fib(n - 1) + fib(n - 2)
    return memo[n]


def hanoi(n, src, dst, via, moves):
    if n == 0:
        return moves
    hanoi(n - 1, src, via, dst, moves)
    moves.append((src, dst))
    hanoi(n - 1, via, dst, src, moves)
    return moves


def power_set(items):
    if not items:
        return [[]]
    rest = power_set(items[1:])
    return rest + [[items[0]] + r for r in rest]


def flatten(x):
    if not isinstance(x, list):
        return [x]
    out = []
    for item in x:
        out.extend(flatten(item))
    return out


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)


print([factorial(n) for n in range(10)], factorial(20))
print([fib(n) for n in range(15)], fib(80))
moves = hanoi(3, "A", "C", "B", [])
print(len(moves), moves)
print(len(hanoi(10, "L", "R", "M", [])))
print(power_set([1, 2, 3]))
print(flatten([1, [2, [3, [4, []]], 5], [[6]]]))
print(ackermann(2, 3), ackermann(3, 3), gcd(1071, 462))


def depth(tree):
    return 0 if not isinstance(tree, tuple) else 1 + max((depth(t) for t in tree), default=0)


print(depth((1, (2, (3,)), ())), depth(5))
