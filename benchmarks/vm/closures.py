# Closures and higher-order functions: counters and accumulators with
# nonlocal state, function composition, decorators, callbacks through map,
# filter and sorted keys, and partial application by hand.


def make_accumulator(start):
    total = start

    def add(x):
        nonlocal total
        total += x
        return total

    return add


def compose(f, g):
    return lambda x: f(g(x))


CALLS = {}


def counted(fn):
    name = fn.__name__
    CALLS[name] = 0

    def wrapper(*args):
        CALLS[name] += 1
        return fn(*args)

    return wrapper


def partial(fn, *bound):
    def applied(*rest):
        return fn(*bound, *rest)

    return applied


@counted
def clamp(lo, hi, x):
    return lo if x < lo else hi if x > hi else x


def event_bus():
    handlers = {}

    def on(name, handler):
        handlers.setdefault(name, []).append(handler)

    def emit(name, value):
        result = value
        for handler in handlers.get(name, ()):
            result = handler(result)
        return result

    return on, emit


acc = make_accumulator(0)
for i in range(1_500_000):
    acc(i & 7)
print("accumulated:", acc(0))

inc = lambda x: x + 1
double = lambda x: x * 2
pipeline = compose(compose(inc, double), compose(double, inc))
print("pipeline:", sum(pipeline(i) for i in range(600_000)))

clamp_byte = partial(clamp, 0, 255)
values = [(i * 37) % 400 - 50 for i in range(360_000)]
print("clamped:", sum(map(clamp_byte, values)), CALLS["clamp"])

big = list(filter(lambda v: v > 200, map(lambda v: v * 3 % 511, range(600_000))))
print("filtered:", len(big), sum(big))

keyed = sorted(range(150_000), key=lambda v: (v * 7919) % 10007)
print("sorted by key:", keyed[:5])

on, emit = event_bus()
for k in range(1, 6):
    on("tick", lambda v, k=k: (v * k + 1) % 1_000_003)
on("tock", lambda v: v - 1)
state = 1
for i in range(250_000):
    state = emit("tick" if i % 4 else "tock", state)
print("event state:", state)
