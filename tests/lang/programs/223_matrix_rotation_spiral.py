# Exercises 2D list manipulation: rotate 90 degrees (both ways), flip, spiral order traversal and in-place transpose.
def rotate_cw(m):
    return [list(row) for row in zip(*m[::-1])]


def rotate_ccw(m):
    return [list(row) for row in zip(*m)][::-1]


def spiral_order(m):
    out = []
    m = [row[:] for row in m]
    while m:
        out.extend(m.pop(0))
        m = [list(r) for r in zip(*m)][::-1]
    return out


def transpose_in_place(m):
    n = len(m)
    for i in range(n):
        for j in range(i + 1, n):
            m[i][j], m[j][i] = m[j][i], m[i][j]
    return m


def show(m):
    return "\n".join(" ".join(f"{v:>2}" for v in row) for row in m)


grid = [[r * 4 + c + 1 for c in range(4)] for r in range(3)]
print(show(grid))
print("cw:\n" + show(rotate_cw(grid)))
print("ccw:\n" + show(rotate_ccw(grid)))
print(rotate_cw(rotate_cw(rotate_cw(rotate_cw(grid)))) == grid, rotate_ccw(rotate_cw(grid)) == grid)
print(spiral_order(grid))
print(spiral_order([[1]]), spiral_order([]), spiral_order([[1, 2, 3]]), spiral_order([[1], [2], [3]]))
sq = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print(transpose_in_place(sq), [row[::-1] for row in sq])
print([row[::-1] for row in grid], grid[::-1][0])
