global x
x = 1
