# Exercises a class implementing __iter__ returning a separate iterator class with __next__, plus __contains__.
class Countdown:
    def __init__(self, start):
        self.start = start

    def __iter__(self):
        return CountdownIterator(self.start)

    def __contains__(self, value):
        return isinstance(value, int) and 0 < value <= self.start


class CountdownIterator:
    def __init__(self, current):
        self.current = current

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        value = self.current
        self.current -= 1
        return value


c = Countdown(5)
print(list(c), list(c), sum(c), 3 in c, 9 in c, "x" in c)
it = iter(c)
print(next(it), next(it), list(it), next(it, "done"))
for a, b in zip(c, Countdown(2)):
    print(a, b)


class Fib:
    def __init__(self, limit):
        self.limit = limit
        self.a, self.b = 0, 1

    def __iter__(self):
        return self

    def __next__(self):
        if self.a > self.limit:
            raise StopIteration
        value = self.a
        self.a, self.b = self.b, self.a + self.b
        return value


f = Fib(50)
print(list(f), list(f))
print([x * 2 for x in Fib(10)], max(Fib(1000)), sorted(Fib(20), reverse=True)[:3])
print(list(enumerate(Countdown(3))), dict(zip("abc", Countdown(3))))
