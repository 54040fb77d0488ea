# Exercises set algebra (| & - ^, subset/superset, disjoint), set methods and sets of small ints.
def primes_below(n):
    sieve = set(range(2, n))
    for p in range(2, int(n ** 0.5) + 1):
        if p in sieve:
            sieve -= set(range(p * p, n, p))
    return sieve


primes = primes_below(30)
odds = set(range(1, 30, 2))
fibs = {0, 1, 2, 3, 5, 8, 13, 21}
print(sorted(primes))
print(sorted(primes & odds), sorted(primes - odds), sorted(fibs & primes))
print(sorted(fibs | {4, 6}), sorted(fibs ^ primes))
print({2, 3} <= primes, {2, 4} <= primes, primes >= {29}, {1} < {1, 2}, {1, 2} < {1, 2})
print(primes.isdisjoint({4, 6, 8}), primes.issubset(range(30)), fibs.issuperset([1, 2]))
print(sorted(primes.union([31, 37])), sorted(primes.intersection(fibs, range(10))))
print(sorted(primes.difference(odds, {2})), sorted(fibs.symmetric_difference({0, 100})))
s = {3, 1, 2}
s.add(4)
s.add(1)
s.discard(10)
s.remove(3)
print(s, len(s), 2 in s)
s.update([7, 8], {9})
print(s)
popped = s.pop()
print(type(popped).__name__, len(s))
s.clear()
print(s, set(), set("aab") == {"a", "b"}, {5, 6} == {6, 5})
s2 = {1, 2, 3}
s2 |= {4}
s2 &= {2, 3, 4}
s2 -= {3}
s2 ^= {4, 5}
print(s2)
print(sorted({x % 4 for x in range(20)}), len(set([1, 1, 2, 2, 3])))
