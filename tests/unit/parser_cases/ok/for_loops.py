for i in range(10):
    pass
for k, v in d.items():
    print(k, v)
else:
    pass
for (a, b) in c:
    pass
for [a, *b] in c: pass
for x.y in z: pass
for x in a, b: pass
