a.b.c(d)(e)[f].g()
x = f()()()
y = obj.method().attr
