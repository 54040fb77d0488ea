# Exercises maze solving on a text grid: iterative DFS with an explicit stack, BFS shortest path, path drawing.
MAZE = """\
#########
#S..#...#
#.#.#.#.#
#.#...#.#
#.#####.#
#...#..E#
#########""".splitlines()


def find(ch):
    for r, row in enumerate(MAZE):
        c = row.find(ch)
        if c != -1:
            return r, c


def neighbors(pos):
    r, c = pos
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        nr, nc = r + dr, c + dc
        if MAZE[nr][nc] != "#":
            yield nr, nc


def dfs(start, goal):
    stack = [(start, [start])]
    seen = {start}
    while stack:
        pos, path = stack.pop()
        if pos == goal:
            return path
        for nb in neighbors(pos):
            if nb not in seen:
                seen.add(nb)
                stack.append((nb, path + [nb]))
    return None


def bfs(start, goal):
    frontier = [start]
    came = {start: None}
    while frontier:
        nxt = []
        for pos in frontier:
            if pos == goal:
                path = []
                while pos:
                    path.append(pos)
                    pos = came[pos]
                return path[::-1]
            for nb in neighbors(pos):
                if nb not in came:
                    came[nb] = pos
                    nxt.append(nb)
        frontier = nxt
    return None


def draw(path):
    grid = [list(row) for row in MAZE]
    for r, c in path[1:-1]:
        grid[r][c] = "*"
    return "\n".join("".join(row) for row in grid)


start, goal = find("S"), find("E")
print(start, goal)
d = dfs(start, goal)
b = bfs(start, goal)
print("dfs length", len(d), "bfs length", len(b))
print(draw(b))
print(b[:4], b[-1] == goal)
