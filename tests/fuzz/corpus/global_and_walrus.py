def f(xs):
    return [y for x in xs if (y := x * 2) > 2]

class K:
    a = 1
    b = [a for _ in range(3)]
