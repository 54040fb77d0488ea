# Exercises while loops, integer arithmetic, memoisation in a dict and max with key on Collatz sequences.
cache = {1: 1}


def collatz_length(n):
    path = []
    while n not in cache:
        path.append(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    length = cache[n]
    for m in reversed(path):
        length += 1
        cache[m] = length
    return cache[path[0]] if path else length


def sequence(n):
    seq = [n]
    while n != 1:
        n = 3 * n + 1 if n % 2 else n // 2
        seq.append(n)
    return seq


print(sequence(6), sequence(7))
print([collatz_length(n) for n in range(1, 16)])
best = max(range(1, 10000), key=collatz_length)
print(best, collatz_length(best), max(sequence(best)))
print(len(cache) > 10000, collatz_length(27), max(sequence(27)))
histogram = {}
for n in range(1, 200):
    bucket = collatz_length(n) // 25 * 25
    histogram[bucket] = histogram.get(bucket, 0) + 1
for b in sorted(histogram):
    print(f"{b:>3}-{b + 24:<3} {'*' * (histogram[b] // 4)} {histogram[b]}")
