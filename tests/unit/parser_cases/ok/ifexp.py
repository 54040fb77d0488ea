a = x if c else y
b = x if c else y if d else z
c = (x if c else y)
d = [x if x else 0 for x in y]
