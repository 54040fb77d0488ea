print(*a)
x = [*a]
y = *a, *b
for x in *a, b:
    pass
