b = 1
rb = 2
br = b + rb
f = 3
u = 4
r = f + u
