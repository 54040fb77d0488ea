r = [y for x in data if (y := f(x))]
s = (z := 3)
