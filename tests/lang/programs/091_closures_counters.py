# Exercises closures: factory functions, captured variables shared between inner functions, and late binding.
def make_counter(start=0, step=1):
    count = start

    def increment():
        nonlocal count
        count += step
        return count

    def reset():
        nonlocal count
        count = start

    def peek():
        return count

    return increment, reset, peek


inc, reset, peek = make_counter(10, 5)
print(inc(), inc(), peek())
reset()
print(peek(), inc())
inc2, _, peek2 = make_counter()
print(inc2(), inc2(), inc2(), peek2(), peek())


def make_multiplier(factor):
    def multiply(x):
        return x * factor
    return multiply


double, triple = make_multiplier(2), make_multiplier(3)
print(double(21), triple(7), [make_multiplier(n)(10) for n in range(4)])


def make_accumulator():
    history = []

    def add(value):
        history.append(value)
        return sum(history)

    add.history = history
    return add


acc = make_accumulator()
print(acc(5), acc(10), acc(-3), acc.history)


def outer():
    x = "enclosing"

    def middle():
        def inner():
            return x.upper()
        return inner()
    return middle()


print(outer())
adders = []
for i in range(3):
    def adder(x, i=i):
        return x + i
    adders.append(adder)
print([a(100) for a in adders])
print(double(double(5)), triple(double(1)))
