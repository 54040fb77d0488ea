# Exercises a compile-time SyntaxError: 'break' outside loop inside a function body.
def find(items, target):
    for i, item in enumerate(items):
        if item == target:
            return i
    if target is None:
        break
    return -1


print(find([1, 2, 3], 2))
