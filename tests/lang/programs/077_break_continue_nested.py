# Exercises break and continue in nested for/while loops with flags, counters and early exits.
grid = [
    [3, 8, -1, 4],
    [0, 7, 2, 9],
    [5, -6, 1, 8],
    [2, 2, 2, 2],
]
found = None
for r, row in enumerate(grid):
    for c, value in enumerate(row):
        if value < 0:
            continue
        if value == 9:
            found = (r, c)
            break
    if found:
        break
print("found 9 at", found)
row_sums = []
for row in grid:
    total = 0
    for v in row:
        if v < 0:
            total = None
            break
        total += v
    row_sums.append(total)
print(row_sums)
skipped = 0
kept = []
for n in range(30):
    if n % 2 == 0:
        skipped += 1
        continue
    if n % 3 == 0:
        continue
    if n > 25:
        break
    kept.append(n)
print(kept, skipped)
i = 0
log = []
while i < 5:
    i += 1
    j = 0
    while True:
        j += 1
        if j > i:
            break
        if (i + j) % 3 == 0:
            continue
        log.append(f"{i}{j}")
print(" ".join(log))
for word in ["alpha", "skip", "beta", "END", "gamma"]:
    if word == "skip":
        continue
    if word == "END":
        print("stop marker")
        break
    print("word:", word)
