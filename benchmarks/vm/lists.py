# List-heavy work: building lists with append and comprehensions, slicing,
# sorting (with and without keys), in-place updates and a merge sort written
# in Python.


def lcg(seed):
    # A tiny deterministic pseudo-random generator (no `random` module needed).
    state = seed
    while True:
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        yield state >> 8


def merge_sort(items):
    if len(items) <= 1:
        return items
    mid = len(items) // 2
    left = merge_sort(items[:mid])
    right = merge_sort(items[mid:])
    merged = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    merged.extend(left[i:])
    merged.extend(right[j:])
    return merged


def matrix_multiply(a, b):
    columns = [[row[j] for row in b] for j in range(len(b[0]))]
    return [[sum(x * y for x, y in zip(row, col)) for col in columns] for row in a]


gen = lcg(42)
data = [next(gen) % 100_000 for _ in range(200_000)]

ours = merge_sort(data)
theirs = sorted(data)
print("merge sort agrees with sorted:", ours == theirs)

pairs = [(x % 97, x) for x in data[:60_000]]
pairs.sort(key=lambda p: (p[0], -p[1]))
print("first pairs by key:", pairs[:3])

evens = [x for x in data if x % 2 == 0]
odds = [x for x in data if x % 2]
window_sums = [sum(evens[i:i + 8]) for i in range(0, len(evens) - 8, 3)]
print("evens, odds, windows:", len(evens), len(odds), max(window_sums), min(window_sums))

stack = []
checksum = 0
for x in data:
    if x % 3 == 0 and stack:
        checksum = (checksum * 31 + stack.pop()) % 1_000_000_007
    else:
        stack.append(x)
print("stack checksum:", checksum, len(stack))

rev = data[::-1]
rotated = rev[1000:] + rev[:1000]
rotated[10:20] = [0] * 10
del rotated[5000:5100]
print("rotated:", len(rotated), sum(rotated) % 1_000_003, rotated.index(rev[1001]))

n = 60
a = [[(i * j) % 7 for j in range(n)] for i in range(n)]
b = [[(i + j) % 5 for j in range(n)] for i in range(n)]
c = matrix_multiply(a, b)
print("matrix trace:", sum(c[i][i] for i in range(n)))
