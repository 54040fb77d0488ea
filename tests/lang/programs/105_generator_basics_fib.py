# Exercises generator functions: lazy evaluation order, next(), StopIteration, for-loops and generator state.
def fibonacci(limit):
    a, b = 0, 1
    while a < limit:
        yield a
        a, b = b, a + b


def countdown(n):
    print(f"  starting countdown from {n}")
    while n > 0:
        yield n
        n -= 1
    print("  countdown finished")


print(list(fibonacci(100)))
gen = countdown(3)
print("created generator, nothing printed yet")
print(next(gen))
print(next(gen))
print(next(gen))
try:
    next(gen)
except StopIteration:
    print("StopIteration raised")
print(next(gen, "exhausted default"))
for value in countdown(2):
    print("got", value)


def evens_squared(nums):
    for n in nums:
        if n % 2 == 0:
            yield n * n


print(sum(evens_squared(range(10))), list(evens_squared([1, 3])), max(evens_squared([4, 2, 8])))
g = fibonacci(10)
print(iter(g) is g, type(g).__name__)
first_two = [next(g), next(g)]
print(first_two, list(g), list(g))


def interleave(*iterables):
    iterators = [iter(it) for it in iterables]
    while iterators:
        alive = []
        for it in iterators:
            try:
                yield next(it)
                alive.append(it)
            except StopIteration:
                pass
        iterators = alive


print(list(interleave("abc", [1, 2], (True,))))
