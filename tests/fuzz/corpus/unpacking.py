a, (b, c), *d = 1, (2, 3), 4, 5
[e, *f], g = [6, 7, 8], 9
first, *_ = "xyz"
a = b = c = [1, 2]
a[0], b[1:2] = 3, [4, 5]
x: int = 5
y: list[int]
print(*d, **{"sep": ","})
if (n := len(f)) > 1: print(n)
