# Dict-heavy work: word frequency counting, a memo table for a dynamic
# program, grouping, dict comprehensions, and an inverted index.

TEXT = """
the quick brown fox jumps over the lazy dog while the cat sleeps on the warm mat
a journey of a thousand miles begins with a single step and ends with another
to be or not to be that is the question whether tis nobler in the mind to suffer
all that glitters is not gold often have you heard that told many a man his life
""".split()


def word_counts(words, rounds):
    counts = {}
    for r in range(rounds):
        for i, w in enumerate(words):
            key = w if (i + r) % 3 else w + "!"
            counts[key] = counts.get(key, 0) + 1
    return counts


def grid_paths(rows, cols, blocked):
    memo = {}

    def paths(r, c):
        if (r, c) in blocked:
            return 0
        if r == 0 or c == 0:
            return 1
        key = (r, c)
        if key in memo:
            return memo[key]
        result = (paths(r - 1, c) + paths(r, c - 1)) % 1_000_000_007
        memo[key] = result
        return result

    total = 0
    for r in range(0, rows, 10):
        for c in range(0, cols, 10):
            memo.clear()
            total = (total + paths(r, c)) % 1_000_000_007
    return total, len(memo)


def group_by_length(words):
    groups = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return {k: sorted(set(v)) for k, v in sorted(groups.items())}


def inverted_index(lines):
    index = {}
    for number, line in enumerate(lines):
        for word in line:
            postings = index.get(word)
            if postings is None:
                index[word] = [number]
            elif postings[-1] != number:
                postings.append(number)
    return index


counts = word_counts(TEXT, 12000)
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
print("distinct words:", len(counts), "top:", top)

blocked = {(i, (i * 7) % 50) for i in range(1, 50, 3)}
print("grid paths:", grid_paths(60, 60, blocked))

groups = group_by_length(TEXT)
print("lengths:", {k: len(v) for k, v in groups.items()})

lines = [[TEXT[(i * 13 + j) % len(TEXT)] for j in range(12)] for i in range(60_000)]
index = inverted_index(lines)
print("index:", len(index), sum(len(p) for p in index.values()), index["fox"][:5])

squares = {i: i * i for i in range(600_000)}
hits = 0
for i in range(0, 1_200_000, 3):
    if i in squares:
        hits += squares[i] % 10
print("square hits:", hits)
