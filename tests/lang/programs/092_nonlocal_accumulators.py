# Exercises nonlocal across multiple nesting levels, rebinding vs mutation, and stateful callbacks.
def make_stats():
    n = 0
    mean = 0.0
    m2 = 0.0

    def push(x):
        nonlocal n, mean, m2
        n += 1
        delta = x - mean
        mean += delta / n
        m2 += delta * (x - mean)

    def summary():
        variance = m2 / (n - 1) if n > 1 else 0.0
        return n, round(mean, 6), round(variance, 6)

    return push, summary


push, summary = make_stats()
for v in [2, 4, 4, 4, 5, 5, 7, 9]:
    push(v)
print(summary())


def level1():
    value = 1

    def level2():
        nonlocal value
        value += 10

        def level3():
            nonlocal value
            value *= 2
            return value
        return level3()

    result = level2()
    return value, result


print(level1())


def make_debouncer():
    last = None
    suppressed = 0

    def event(name):
        nonlocal last, suppressed
        if name == last:
            suppressed += 1
            return None
        last = name
        return name

    def stats():
        return suppressed

    return event, stats


event, stats = make_debouncer()
print([event(e) for e in "aabbbcaa"], stats())


def scoped():
    items = []

    def add(x):
        items.append(x)

    def replace():
        nonlocal items
        items = ["replaced"]

    add(1)
    add(2)
    before = list(items)
    replace()
    add(3)
    return before, items


print(scoped())
