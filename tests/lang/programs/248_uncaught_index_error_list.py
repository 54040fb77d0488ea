# Exercises an uncaught IndexError from list indexing past the end in an off-by-one loop.
scores = [88, 92, 79, 65]
total = 0
for i in range(len(scores) + 1):
    print("reading index", i)
    total += scores[i]
print("total", total)
