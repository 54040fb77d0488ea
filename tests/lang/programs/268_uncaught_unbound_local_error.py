# Exercises an uncaught UnboundLocalError from assigning to a global name inside a function without `global`.
total = 0


def add_to_total(n):
    total += n
    return total


print("start", total)
print(add_to_total(5))
