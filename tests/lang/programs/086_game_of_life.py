# Exercises Conway's Game of Life on a set of live cells: neighbour counting with dicts, generations, printing.
def step(live):
    counts = {}
    for r, c in live:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    key = (r + dr, c + dc)
                    counts[key] = counts.get(key, 0) + 1
    return {cell for cell, n in counts.items() if n == 3 or (n == 2 and cell in live)}


def show(live, rows, cols):
    for r in range(rows):
        print("".join("#" if (r, c) in live else "." for c in range(cols)))


glider = {(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)}
state = glider
for gen in range(5):
    print(f"generation {gen}: {len(state)} cells, bbox rows {min(r for r, _ in state)}-{max(r for r, _ in state)}")
    show(state, 6, 6)
    state = step(state)
blinker = {(1, 0), (1, 1), (1, 2)}
print(sorted(step(blinker)), step(step(blinker)) == blinker)
block = {(0, 0), (0, 1), (1, 0), (1, 1)}
print(step(block) == block, len(step({(0, 0)})))
four = glider
for _ in range(4):
    four = step(four)
moved = four == {(r + 1, c + 1) for r, c in glider}
print("glider moved diagonally after 4 steps:", moved)
