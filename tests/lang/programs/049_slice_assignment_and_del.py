# Exercises slice assignment (growing, shrinking, extended slices), del on items/slices and list identity.
a = list(range(10))
a[2:5] = ["x", "y"]
print(a)
a[1:1] = [100, 200, 300]
print(a)
a[:3] = []
print(a)
a[-2:] = "ZW"
print(a)
a[::2] = [0] * len(a[::2])
print(a)
del a[0]
print(a)
del a[1:3]
print(a)
del a[::2]
print(a)
b = [1, 2, 3, 4, 5, 6]
alias = b
b[:] = [n * n for n in b if n % 2]
print(b, alias is b, alias)
b[len(b):] = [7, 8]
print(b)
try:
    b[::2] = [1, 2]
except ValueError as exc:
    print("ValueError:", exc)
c = list("abcdef")
c[1::2] = c[1::2][::-1]
print("".join(c))
c[10:] = ["end"]
print(c)
d = {"k": [1, 2, 3]}
del d["k"][0]
print(d)
stack = [1, 2, 3]
del stack[-1], stack[0]
print(stack)
