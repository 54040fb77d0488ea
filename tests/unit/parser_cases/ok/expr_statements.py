x
1
"s"
f()
x.y
x[0]
-x
x + 1
(x, y)
[x]
