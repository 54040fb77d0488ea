# Exercises an uncaught NameError with CPython 3.11's deliberate "Did you mean" suggestion for a misspelled local name.
def summarize(values):
    total = 0
    for v in values:
        total += v
    print("count", len(values))
    return totl / len(values)


print(summarize([2, 4, 6]))
