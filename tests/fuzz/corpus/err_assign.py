f() = 1
1 = x
(a, b) += 1
del f()
x + 1 = 2
