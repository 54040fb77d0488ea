# Exercises for/else with break, nested loops, and a prime table built with trial division.
primes = []
for n in range(2, 60):
    for p in primes:
        if p * p > n:
            primes.append(n)
            break
        if n % p == 0:
            break
    else:
        primes.append(n)
print(primes)


def first_duplicate(items):
    for i, x in enumerate(items):
        if x in items[:i]:
            result = (i, x)
            break
    else:
        result = None
    return result


print(first_duplicate([3, 1, 4, 1, 5]), first_duplicate("abc"), first_duplicate([]))
targets = [15, 17, 30]
for t in targets:
    for a in range(1, t):
        for b in range(a, t):
            if a * a + b * b == t * t:
                print(f"{t}: {a}^2 + {b}^2")
                break
        else:
            continue
        break
    else:
        print(f"{t}: no pythagorean pair")
for ch in "":
    print("never")
else:
    print("empty loop still runs else")
twin = [(p, q) for p, q in zip(primes, primes[1:]) if q - p == 2]
print(twin)
