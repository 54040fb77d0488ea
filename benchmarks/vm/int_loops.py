# Integer loops: a sieve of Eratosthenes written with while loops and index
# arithmetic, the longest Collatz chain below a bound, and a gcd sum.


def sieve(limit):
    is_prime = [True] * (limit + 1)
    is_prime[0] = is_prime[1] = False
    i = 2
    while i * i <= limit:
        if is_prime[i]:
            j = i * i
            while j <= limit:
                is_prime[j] = False
                j += i
        i += 1
    count = 0
    total = 0
    for n in range(limit + 1):
        if is_prime[n]:
            count += 1
            total += n
    return count, total


def longest_collatz(bound):
    best_start, best_len = 1, 1
    for start in range(1, bound):
        n = start
        length = 1
        while n != 1:
            if n & 1:
                n = 3 * n + 1
            else:
                n >>= 1
            length += 1
        if length > best_len:
            best_start, best_len = start, length
    return best_start, best_len


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def gcd_sum(n):
    total = 0
    for a in range(1, n):
        for b in range(a, n, 7):
            total += gcd(a, b)
    return total


print("primes below 2e6 (count, sum):", sieve(2_000_000))
print("longest collatz chain below 100000:", longest_collatz(100_000))
print("gcd sum:", gcd_sum(1000))
