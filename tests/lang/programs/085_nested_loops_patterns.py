# Exercises nested loops with range arithmetic to print Pascal's triangle, a multiplication table and a spiral.
def pascal(rows):
    tri = [[1]]
    for _ in range(rows - 1):
        prev = tri[-1]
        tri.append([1] + [prev[i] + prev[i + 1] for i in range(len(prev) - 1)] + [1])
    return tri


tri = pascal(8)
width = len(" ".join(map(str, tri[-1])))
for row in tri:
    print(" ".join(map(str, row)).center(width))

print("    " + "".join(f"{c:>4}" for c in range(1, 8)))
for r in range(1, 8):
    print(f"{r:>4}" + "".join(f"{r * c:>4}" for c in range(1, 8)))


def spiral(n):
    grid = [[0] * n for _ in range(n)]
    r, c, dr, dc = 0, 0, 0, 1
    for k in range(1, n * n + 1):
        grid[r][c] = k
        nr, nc = r + dr, c + dc
        if not (0 <= nr < n and 0 <= nc < n) or grid[nr][nc]:
            dr, dc = dc, -dr
            nr, nc = r + dr, c + dc
        r, c = nr, nc
    return grid


for row in spiral(5):
    print(" ".join(f"{v:2}" for v in row))
diamond = 4
for i in list(range(diamond)) + list(range(diamond - 2, -1, -1)):
    print(" " * (diamond - i - 1) + "/\\" * (i + 1))
