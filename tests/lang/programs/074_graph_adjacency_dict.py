# Exercises a dict-of-lists graph: BFS shortest paths, DFS with recursion, cycle detection and degrees.
EDGES = [("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("D", "E"), ("E", "F"), ("C", "F"), ("G", "H")]

graph = {}
for u, v in EDGES:
    graph.setdefault(u, []).append(v)
    graph.setdefault(v, []).append(u)


def bfs(start):
    dist = {start: 0}
    parent = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nb in sorted(graph[node]):
            if nb not in dist:
                dist[nb] = dist[node] + 1
                parent[nb] = node
                queue.append(nb)
    return dist, parent


def path_to(parent, target):
    path = []
    while target is not None:
        path.append(target)
        target = parent[target]
    return path[::-1]


def dfs(node, seen=None):
    if seen is None:
        seen = []
    seen.append(node)
    for nb in sorted(graph[node]):
        if nb not in seen:
            dfs(nb, seen)
    return seen


def components():
    seen, result = set(), []
    for node in sorted(graph):
        if node not in seen:
            comp = dfs(node)
            seen.update(comp)
            result.append(sorted(comp))
    return result


dist, parent = bfs("A")
print(dist)
print(path_to(parent, "F"), path_to(parent, "E"))
print(dfs("A"))
print(components())
print({n: len(nbs) for n, nbs in sorted(graph.items())})
print(max(graph, key=lambda n: (len(graph[n]), n)))
