# Exercises time.perf_counter and time.time only through deterministic checks (ordering, types, elapsed >= 0).
import time

t0 = time.perf_counter()
w0 = time.time()
total = 0
for i in range(20000):
    total += i * i
t1 = time.perf_counter()
w1 = time.time()
print(total)
print(type(t0).__name__, type(w0).__name__)
print(t1 >= t0, w1 >= w0, (t1 - t0) >= 0.0)
print(w0 > 1_600_000_000)


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    elapsed = time.perf_counter() - start
    return result, elapsed >= 0


print(timed(sum, range(1000)), timed(sorted, [3, 1, 2]))
marks = [time.perf_counter() for _ in range(5)]
print(all(a <= b for a, b in zip(marks, marks[1:])))
