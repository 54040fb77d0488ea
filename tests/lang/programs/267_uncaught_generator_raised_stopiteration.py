# Exercises an uncaught RuntimeError: generator raised StopIteration (PEP 479) when next() leaks out of a generator.
def pairs(items):
    it = iter(items)
    while True:
        first = next(it)
        second = next(it)
        yield first, second


for a, b in pairs([1, 2, 3, 4, 5]):
    print(a, b)
