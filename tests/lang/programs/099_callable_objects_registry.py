# Exercises __call__ objects as stateful functions, command registries and callable() checks.
class Counter:
    def __init__(self):
        self.counts = {}

    def __call__(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
        return self.counts[word]


class Polynomial:
    def __init__(self, *coeffs):
        self.coeffs = coeffs

    def __call__(self, x):
        result = 0
        for c in self.coeffs:
            result = result * x + c
        return result

    def __repr__(self):
        terms = []
        degree = len(self.coeffs) - 1
        for i, c in enumerate(self.coeffs):
            p = degree - i
            if c:
                terms.append(f"{c}" + ("" if p == 0 else "x" if p == 1 else f"x^{p}"))
        return " + ".join(terms) or "0"


class CommandBus:
    def __init__(self):
        self.handlers = {}

    def register(self, name):
        def deco(handler):
            self.handlers[name] = handler
            return handler
        return deco

    def __call__(self, line):
        name, *args = line.split()
        handler = self.handlers.get(name)
        if handler is None:
            return f"unknown command {name!r}"
        return handler(*args)


count = Counter()
for w in "a b a c a b".split():
    count(w)
print(count.counts, count("z"), callable(count), callable(Counter), callable(count.counts))
p = Polynomial(2, -3, 0, 5)
print(p, [p(x) for x in range(-2, 3)], list(map(Polynomial(1, 1), [1, 2, 3])))
bus = CommandBus()


@bus.register("add")
def add(*nums):
    return sum(int(n) for n in nums)


@bus.register("echo")
def echo(*words):
    return " ".join(words)


for line in ["add 1 2 3", "echo hello there", "jump 3", "add"]:
    print(f"{line!r:20} -> {bus(line)!r}")
print(sorted(bus.handlers), add("4", "5"))
