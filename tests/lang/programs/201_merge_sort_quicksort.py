# Exercises recursive merge sort, in-place quicksort with Lomuto partition, insertion sort, and comparison counting.
def merge_sort(xs, counter):
    if len(xs) <= 1:
        return xs[:]
    mid = len(xs) // 2
    left, right = merge_sort(xs[:mid], counter), merge_sort(xs[mid:], counter)
    out, i, j = [], 0, 0
    while i < len(left) and j < len(right):
        counter[0] += 1
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out


def quicksort(xs, lo=0, hi=None, counter=None):
    if hi is None:
        hi = len(xs) - 1
    if lo >= hi:
        return xs
    pivot = xs[hi]
    i = lo
    for j in range(lo, hi):
        counter[0] += 1
        if xs[j] < pivot:
            xs[i], xs[j] = xs[j], xs[i]
            i += 1
    xs[i], xs[hi] = xs[hi], xs[i]
    quicksort(xs, lo, i - 1, counter)
    quicksort(xs, i + 1, hi, counter)
    return xs


def insertion_sort(xs, counter):
    xs = xs[:]
    for i in range(1, len(xs)):
        key = xs[i]
        j = i - 1
        while j >= 0:
            counter[0] += 1
            if xs[j] <= key:
                break
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = key
    return xs


def lcg(seed):
    while True:
        seed = (seed * 1103515245 + 12345) % 2147483648
        yield seed % 1000


gen = lcg(2024)
data = [next(gen) for _ in range(40)]
print(data[:10])
for name, fn in [("merge", merge_sort), ("insertion", insertion_sort)]:
    c = [0]
    result = fn(data, c)
    print(f"{name:<10} ok={result == sorted(data)} comparisons={c[0]}")
c = [0]
q = quicksort(data[:], counter=c)
print(f"{'quick':<10} ok={q == sorted(data)} comparisons={c[0]}")
for case in ([], [1], [2, 1], [3, 3, 3], list(range(10, 0, -1))):
    print(case, merge_sort(case, [0]), quicksort(case[:], counter=[0]), insertion_sort(case, [0]))
