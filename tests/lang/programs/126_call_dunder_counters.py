# Exercises __call__ on instances: memoising function objects, accumulators and callable strategies.
class Memoize:
    def __init__(self, func):
        self.func = func
        self.cache = {}
        self.hits = 0

    def __call__(self, *args):
        if args in self.cache:
            self.hits += 1
        else:
            self.cache[args] = self.func(*args)
        return self.cache[args]


@Memoize
def binomial(n, k):
    if k == 0 or k == n:
        return 1
    return binomial(n - 1, k - 1) + binomial(n - 1, k)


print(binomial(20, 10), binomial(30, 15), len(binomial.cache), binomial.hits)


class Discount:
    def __init__(self, percent):
        self.percent = percent

    def __call__(self, price):
        return round(price * (100 - self.percent) / 100, 2)


class BuyNGetOne:
    def __init__(self, n):
        self.n = n

    def __call__(self, price, qty=1):
        free = qty // (self.n + 1)
        return round(price * (qty - free), 2)


strategies = {"none": lambda p, q=1: p * q, "ten_off": Discount(10), "b2g1": BuyNGetOne(2)}
for name, strategy in strategies.items():
    print(name, strategy(19.99), callable(strategy))
print(BuyNGetOne(2)(5.0, 7), Discount(25)(80))


class Sequence:
    def __init__(self):
        self.n = 0

    def __call__(self):
        self.n += 1
        return self.n


next_id = Sequence()
ids = [next_id() for _ in range(3)]
print(ids, next_id(), next_id.n)
