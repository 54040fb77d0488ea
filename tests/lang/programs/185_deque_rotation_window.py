# Exercises collections.deque: appendleft/popleft, rotate, maxlen sliding windows, extendleft and BFS queue use.
from collections import deque

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1])
print(d.pop(), d.popleft(), d)
d.rotate(1)
print(d)
d.rotate(-2)
print(d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d, list(d), 7 in d, d.count(7))
window = deque(maxlen=3)
averages = []
for x in [10, 20, 30, 40, 50, 60]:
    window.append(x)
    averages.append(sum(window) / len(window))
print(window, averages, window.maxlen)
history = deque(["a", "b"], maxlen=2)
history.append("c")
history.appendleft("z")
print(history)


def bfs_grid(grid, start, goal):
    rows, cols = len(grid), len(grid[0])
    queue = deque([(start, 0)])
    seen = {start}
    while queue:
        (r, c), dist = queue.popleft()
        if (r, c) == goal:
            return dist
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == "." and (nr, nc) not in seen:
                seen.add((nr, nc))
                queue.append(((nr, nc), dist + 1))
    return -1


maze = ["..#....", ".##.##.", "....#..", "#.#...#", "...#..."]
print(bfs_grid(maze, (0, 0), (4, 6)), bfs_grid(maze, (0, 0), (0, 3)), bfs_grid([".#", "#."], (0, 0), (1, 1)))
try:
    deque().popleft()
except IndexError as exc:
    print("IndexError:", exc)
d2 = deque(range(5))
d2.remove(2)
d2.reverse()
print(d2, deque("abc") == deque(["a", "b", "c"]), list(reversed(d2)))
d2.clear()
print(d2, bool(d2))
