# Exercises a syntax error: non-default argument follows default argument in a def.
def scale(values, factor=2):
    return [v * factor for v in values]


def clamp(value, low=0, high):
    return max(low, min(high, value))


print(scale([1, 2]))
