# Exercises binary search variants: exact match, leftmost/rightmost insertion points, search on answer (integer sqrt).
def find(xs, target):
    lo, hi = 0, len(xs) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if xs[mid] == target:
            return mid, steps
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, steps


def lower_bound(xs, target):
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def upper_bound(xs, target):
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] <= target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def int_sqrt(n):
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid <= n // mid:
            lo = mid
        else:
            hi = mid - 1
    return lo


data = [1, 3, 3, 3, 5, 8, 13, 21, 34, 55]
for t in (1, 3, 4, 55, 60, -1):
    idx, steps = find(data, t)
    print(f"target={t:<3} index={idx:<3} steps={steps} lower={lower_bound(data, t)} upper={upper_bound(data, t)} count={upper_bound(data, t) - lower_bound(data, t)}")
print([int_sqrt(n) for n in (0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 10 ** 12, 2 ** 61)])
big = list(range(0, 1_000_000, 7))
print(find(big, 700_000), find(big, 700_001)[0], len(big))
sorted_insert = []
for x in [5, 1, 4, 1, 5, 9, 2, 6]:
    sorted_insert.insert(upper_bound(sorted_insert, x), x)
print(sorted_insert)
