def f(a, b=2, *args, c, d=4, **kwargs) -> int:
    """doc"""
    return a + b + sum(args) + c + d + len(kwargs)

def g(x, /, y, *, z): return x, y, z
h = lambda x, *ys, k=1, **kw: (x, ys, k, kw)
print(f(1, c=3), g(1, 2, z=3), h(1, 2, 3, k=4, m=5))
