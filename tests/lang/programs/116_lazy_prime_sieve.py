# Exercises an incremental (lazy) sieve of Eratosthenes using a dict of composites inside a generator.
def lazy_primes():
    composites = {}
    n = 2
    while True:
        if n not in composites:
            yield n
            composites[n * n] = [n]
        else:
            for p in composites.pop(n):
                composites.setdefault(n + p, []).append(p)
        n += 1


def take(n, gen):
    return [next(gen) for _ in range(n)]


gen = lazy_primes()
print(take(20, gen))
print(take(5, gen))
count = 0
total = 0
for p in lazy_primes():
    if p > 10000:
        break
    count += 1
    total += p
print(count, total)


def prime_factors(n):
    factors = []
    for p in lazy_primes():
        if p * p > n:
            break
        while n % p == 0:
            factors.append(p)
            n //= p
    if n > 1:
        factors.append(n)
    return factors


for n in [2, 12, 97, 360, 1001, 65536, 999999, 600851475143]:
    print(n, prime_factors(n))
gaps = {}
prev = None
for p in lazy_primes():
    if p > 2000:
        break
    if prev:
        gaps[p - prev] = gaps.get(p - prev, 0) + 1
    prev = p
print(sorted(gaps.items()))
