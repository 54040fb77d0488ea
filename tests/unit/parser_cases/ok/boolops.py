a = x and y
b = x or y or z
c = x and (y or z)
d = not x and y
