# Exercises a union-find (disjoint set) class with path compression and union by size, used for Kruskal's MST.
class DisjointSet:
    def __init__(self, items):
        self.parent = {x: x for x in items}
        self.size = {x: 1 for x in items}

    def find(self, x):
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb] or (self.size[ra] == self.size[rb] and ra > rb):
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        return True

    def groups(self):
        out = {}
        for x in self.parent:
            out.setdefault(self.find(x), []).append(x)
        return sorted(sorted(g) for g in out.values())


ds = DisjointSet("abcdefgh")
for a, b in ["ab", "cd", "ef", "ac", "gh", "bd"]:
    print(a, b, ds.union(a, b))
print(ds.groups(), ds.find("d") == ds.find("a"), ds.find("e") == ds.find("g"))
EDGES = [(7, "A", "B"), (5, "A", "D"), (8, "B", "C"), (9, "B", "D"), (7, "B", "E"), (5, "C", "E"),
         (15, "D", "E"), (6, "D", "F"), (8, "E", "F"), (9, "E", "G"), (11, "F", "G")]
mst_set = DisjointSet("ABCDEFG")
mst = []
for w, u, v in sorted(EDGES):
    if mst_set.union(u, v):
        mst.append((u, v, w))
print(mst, sum(w for _, _, w in mst), len(mst))
islands = ["11000", "11011", "00100", "00011"]
cells = [(r, c) for r, row in enumerate(islands) for c, ch in enumerate(row) if ch == "1"]
grid_set = DisjointSet(cells)
for r, c in cells:
    for nr, nc in ((r + 1, c), (r, c + 1)):
        if (nr, nc) in grid_set.parent:
            grid_set.union((r, c), (nr, nc))
print(len(grid_set.groups()), [len(g) for g in grid_set.groups()])
