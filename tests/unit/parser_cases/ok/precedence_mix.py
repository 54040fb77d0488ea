a = 1 + 2 * 3 - 4 / 5
b = (1 + 2) * 3
c = a or b and not c
d = a and b or c and d
e = x if a or b else y
