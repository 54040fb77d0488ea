# Exercises a syntax error: assigning to a function call (cannot assign to function call here. Maybe you meant '==' ...).
def current_level():
    return 3


level = 0
if level < 5:
    current_level() = level + 1
print(level)
