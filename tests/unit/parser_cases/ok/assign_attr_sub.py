obj.attr = 1
obj.a.b[0] = 2
d["k"] = v
m[1:2] = []
