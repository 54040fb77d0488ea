# Exercises word ladder search: BFS over implicit graph with wildcard buckets (dict of lists), path rebuild, unreachable.
WORDS = """cold cord card ward warm word worm wore core bore bare barn born corn cola coda code
lode love dove cove move mote more mare care cart dart wart""".split()


def buckets(words):
    table = {}
    for w in words:
        for i in range(len(w)):
            table.setdefault(w[:i] + "_" + w[i + 1:], []).append(w)
    return table


def ladder(start, goal, words):
    table = buckets(words)
    parents = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for w in frontier:
            if w == goal:
                path = []
                while w:
                    path.append(w)
                    w = parents[w]
                return path[::-1]
            for i in range(len(w)):
                for nb in table.get(w[:i] + "_" + w[i + 1:], []):
                    if nb not in parents:
                        parents[nb] = w
                        nxt.append(nb)
        frontier = sorted(nxt)
    return None


for a, b in [("cold", "warm"), ("love", "more"), ("code", "cart"), ("cola", "barn"), ("cold", "xyzw")]:
    path = ladder(a, b, WORDS)
    print(f"{a} -> {b}: {' > '.join(path) if path else 'no ladder'}", f"({len(path) - 1} steps)" if path else "")
table = buckets(WORDS)
busiest = max(table.items(), key=lambda kv: (len(kv[1]), kv[0]))
print(len(WORDS), len(table), busiest)
