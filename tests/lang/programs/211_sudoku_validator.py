# Exercises Sudoku validation and a small constraint-propagating solver using sets, nested loops and list copies.
PUZZLE = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
]


def parse(rows):
    return [[int(c) if c != "." else 0 for c in row] for row in rows]


def candidates(grid, r, c):
    used = set(grid[r]) | {grid[i][c] for i in range(9)}
    br, bc = 3 * (r // 3), 3 * (c // 3)
    used |= {grid[i][j] for i in range(br, br + 3) for j in range(bc, bc + 3)}
    return [d for d in range(1, 10) if d not in used]


def solve(grid):
    best = None
    for r in range(9):
        for c in range(9):
            if grid[r][c] == 0:
                cands = candidates(grid, r, c)
                if best is None or len(cands) < len(best[2]):
                    best = (r, c, cands)
    if best is None:
        return True
    r, c, cands = best
    for d in cands:
        grid[r][c] = d
        if solve(grid):
            return True
    grid[r][c] = 0
    return False


def valid(grid):
    groups = [row for row in grid]
    groups += [[grid[r][c] for r in range(9)] for c in range(9)]
    groups += [[grid[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(sorted(g) == list(range(1, 10)) for g in groups)


grid = parse(PUZZLE)
print(candidates(grid, 0, 2), candidates(grid, 4, 4), sum(row.count(0) for row in grid))
print(solve(grid), valid(grid))
for row in grid:
    print(" ".join(map(str, row[:3])), "|", " ".join(map(str, row[3:6])), "|", " ".join(map(str, row[6:])))
broken = [row[:] for row in grid]
broken[0][0], broken[0][1] = broken[0][1], broken[0][0]
print(valid(broken), valid(grid))
