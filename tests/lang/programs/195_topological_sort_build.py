# Exercises topological sorting (Kahn's algorithm with sorted ready queue and DFS cycle detection) for build targets.
TARGETS = {
    "app": ["lib", "utils", "config"],
    "lib": ["utils", "core"],
    "utils": ["core"],
    "core": [],
    "config": [],
    "tests": ["app", "fixtures"],
    "fixtures": ["config"],
}


def kahn(deps):
    indegree = {t: len(d) for t, d in deps.items()}
    users = {t: [] for t in deps}
    for t, ds in deps.items():
        for d in ds:
            users[d].append(t)
    ready = sorted(t for t, n in indegree.items() if n == 0)
    order = []
    while ready:
        t = ready.pop(0)
        order.append(t)
        for u in users[t]:
            indegree[u] -= 1
            if indegree[u] == 0:
                ready.append(u)
                ready.sort()
    if len(order) != len(deps):
        raise ValueError("cycle detected among: " + ", ".join(sorted(t for t in deps if t not in order)))
    return order


def find_cycle(deps):
    WHITE, GRAY, BLACK = 0, 1, 2
    color = {t: WHITE for t in deps}
    stack = []

    def visit(t):
        color[t] = GRAY
        stack.append(t)
        for d in deps[t]:
            if color[d] == GRAY:
                return stack[stack.index(d):] + [d]
            if color[d] == WHITE:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        color[t] = BLACK
        return None

    for t in sorted(deps):
        if color[t] == WHITE:
            cycle = visit(t)
            if cycle:
                return cycle
    return None


order = kahn(TARGETS)
print(order)
levels = {}
for t in order:
    levels[t] = 1 + max((levels[d] for d in TARGETS[t]), default=-1)
print(levels)
print(find_cycle(TARGETS))
cyclic = dict(TARGETS, core=["tests"])
try:
    kahn(cyclic)
except ValueError as exc:
    print("ValueError:", exc)
print(find_cycle(cyclic))
