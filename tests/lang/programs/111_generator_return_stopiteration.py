# Exercises generator return values via StopIteration.value, return in the middle, and try/finally in generators.
def limited(n):
    try:
        for i in range(n):
            if i == 3:
                return "stopped early"
            yield i
        return "ran to completion"
    finally:
        print("  cleanup runs for n =", n)


for n in (2, 5):
    g = limited(n)
    while True:
        try:
            print("value", next(g))
        except StopIteration as stop:
            print("return value:", stop.value)
            break


def no_return():
    yield 1


g = no_return()
next(g)
try:
    next(g)
except StopIteration as stop:
    print("value of bare end:", stop.value, stop.args)


def wrapper():
    result = yield from limited(4)
    yield f"wrapped: {result}"


print(list(wrapper()))


def empty():
    return "nothing yielded"
    yield


print(list(empty()))
try:
    next(empty())
except StopIteration as stop:
    print(repr(stop.value))
