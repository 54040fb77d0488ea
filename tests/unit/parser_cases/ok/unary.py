a = -x
b = +x
c = ~x
d = not x
e = - - x
f = -1
g = not not x
h = -(-1)
