if (n := len(a)) > 10:
    pass
while (line := read()):
    pass
print(y := 5)
z = [y := 1, y ** 2]
w = a[b := 1]
