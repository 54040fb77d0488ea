# Generators: lazy pipelines of generator functions and generator
# expressions, `yield from` delegation, a tree walk, and send().


def numbers(limit):
    n = 0
    while n < limit:
        yield n
        n += 1


def evens(source):
    for n in source:
        if n % 2 == 0:
            yield n


def squares(source):
    for n in source:
        yield n * n


def chunks(source, size):
    chunk = []
    for item in source:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def flatten(nested):
    for item in nested:
        if isinstance(item, list):
            yield from flatten(item)
        else:
            yield item


def build_tree(depth, start):
    if depth == 0:
        return start
    return [build_tree(depth - 1, start * 3 + k) for k in range(3)]


def running_average():
    total = 0.0
    count = 0
    average = None
    while True:
        value = yield average
        total += value
        count += 1
        average = total / count


def fib_gen():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, (a + b) % 1_000_000_007


total = sum(squares(evens(numbers(2_000_000))))
print("sum of even squares:", total)

chunk_sums = [sum(c) for c in chunks(numbers(1_000_000), 64)]
print("chunks:", len(chunk_sums), chunk_sums[-1])

tree = build_tree(11, 1)
print("tree leaves:", sum(1 for _ in flatten(tree)), max(flatten(tree)))

avg = running_average()
next(avg)
for i in range(600_000):
    result = avg.send(float(i % 100))
print(f"running average: {result:.4f}")

fibs = fib_gen()
print("fib checksum:", sum(next(fibs) % 1000 for _ in range(600_000)))

words = (f"w{i % 97}" for i in range(600_000))
print("long words:", sum(1 for w in words if len(w) == 3))
