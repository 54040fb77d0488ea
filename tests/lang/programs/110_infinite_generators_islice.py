# Exercises infinite generators combined with itertools.islice, takewhile-style loops and zip truncation.
from itertools import islice, count


def naturals(start=1):
    n = start
    while True:
        yield n
        n += 1


def primes():
    found = []
    for n in naturals(2):
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n


def cycle(items):
    while True:
        for item in items:
            yield item


def triangular():
    total = 0
    for n in count(1):
        total += n
        yield total


print(list(islice(primes(), 15)))
print(list(islice(naturals(), 5, 10)), list(islice(naturals(), 0, 20, 4)))
print(list(islice(cycle("RGB"), 8)), list(islice(triangular(), 10)))
print(list(zip("abc", naturals(100))))
big_prime = next(p for p in primes() if p > 1000)
print(big_prime)
gen = primes()
below_50 = []
for p in gen:
    if p >= 50:
        break
    below_50.append(p)
print(below_50, next(gen))
schedule = zip(cycle(["mon", "tue", "wed"]), islice(count(1), 7))
print(list(schedule))
print(sum(islice(triangular(), 100)))
