a = ()
b = []
c = {}
d = set()
e = ""
