# Exercises an uncaught TypeError: 'int' object is not callable after shadowing a function name with a value.
def total(items):
    return sum(items)


print(total([1, 2, 3]))
total = total([4, 5])
print("total is now", total)
print(total([6]))
