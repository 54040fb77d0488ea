a = None
b = True
c = False
d = ...
e = Ellipsis
