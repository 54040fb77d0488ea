# Exercises Dijkstra's shortest paths with a hand-written binary heap class, path reconstruction and unreachable nodes.
class MinHeap:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)
        i = len(self.items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if self.items[i] < self.items[parent]:
                self.items[i], self.items[parent] = self.items[parent], self.items[i]
                i = parent
            else:
                break

    def pop(self):
        top = self.items[0]
        last = self.items.pop()
        if self.items:
            self.items[0] = last
            i = 0
            while True:
                smallest = i
                for child in (2 * i + 1, 2 * i + 2):
                    if child < len(self.items) and self.items[child] < self.items[smallest]:
                        smallest = child
                if smallest == i:
                    break
                self.items[i], self.items[smallest] = self.items[smallest], self.items[i]
                i = smallest
        return top

    def __len__(self):
        return len(self.items)


ROADS = [("A", "B", 7), ("A", "C", 9), ("A", "F", 14), ("B", "C", 10), ("B", "D", 15), ("C", "D", 11),
         ("C", "F", 2), ("D", "E", 6), ("E", "F", 9), ("X", "Y", 1)]
graph = {}
for u, v, w in ROADS:
    graph.setdefault(u, []).append((v, w))
    graph.setdefault(v, []).append((u, w))


def dijkstra(source):
    dist = {source: 0}
    prev = {}
    heap = MinHeap()
    heap.push((0, source))
    while heap:
        d, node = heap.pop()
        if d > dist[node]:
            continue
        for nb, w in graph[node]:
            nd = d + w
            if nd < dist.get(nb, float("inf")):
                dist[nb] = nd
                prev[nb] = node
                heap.push((nd, nb))
    return dist, prev


dist, prev = dijkstra("A")
for node in sorted(graph):
    if node not in dist:
        print(f"{node}: unreachable")
        continue
    path, cur = [node], node
    while cur in prev:
        cur = prev[cur]
        path.append(cur)
    print(f"{node}: {dist[node]:>3} via {'->'.join(reversed(path))}")
h = MinHeap()
for x in [5, 3, 8, 1, 9, 2, 7]:
    h.push(x)
print([h.pop() for _ in range(len(h))])
