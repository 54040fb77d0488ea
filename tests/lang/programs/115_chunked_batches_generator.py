# Exercises generators that batch, window and group a stream, with generator pipelines connected together.
def batched(iterable, size):
    batch = []
    for item in iterable:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def sliding(iterable, width):
    window = []
    for item in iterable:
        window.append(item)
        if len(window) > width:
            window.pop(0)
        if len(window) == width:
            yield tuple(window)


def group_consecutive(iterable, key):
    current_key, group = None, []
    for item in iterable:
        k = key(item)
        if group and k != current_key:
            yield current_key, group
            group = []
        current_key = k
        group.append(item)
    if group:
        yield current_key, group


def read_records():
    raw = "3,4,x,10,-2,7,8,,5,1"
    for field in raw.split(","):
        yield field


def parse_ints(fields):
    for f in fields:
        if f.lstrip("-").isdigit():
            yield int(f)


print(list(batched(range(10), 4)), list(batched([], 3)))
print(list(sliding("abcde", 3)))
print([(k, g) for k, g in group_consecutive([1, 3, 2, 4, 6, 5, 7, 8], lambda n: n % 2)])
pipeline = batched(parse_ints(read_records()), 3)
for i, batch in enumerate(pipeline):
    print(f"batch {i}: {batch} sum={sum(batch)}")
moving = [round(sum(w) / len(w), 2) for w in sliding(parse_ints(read_records()), 3)]
print(moving)
words = ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]
print(list(group_consecutive(words, lambda w: w[0])))
