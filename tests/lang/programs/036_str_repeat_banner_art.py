# Exercises str * int (including zero/negative), list * int, and building ASCII art banners.
def box(lines, pad=1):
    width = max(len(l) for l in lines) + 2 * pad
    out = ["+" + "-" * width + "+"]
    for l in lines:
        out.append("|" + " " * pad + l.ljust(width - 2 * pad) + " " * pad + "|")
    out.append("+" + "-" * width + "+")
    return "\n".join(out)


print(box(["Hello", "multi-line box", "!"]))
print(box(["tight"], pad=0))
print("ab" * 3, "ab" * 0, repr("ab" * -2), 3 * "xy", [0] * 4, [[1]] * 2, (1, 2) * 2)
for i in range(1, 6):
    print(" " * (5 - i) + "*" * (2 * i - 1))
for i in range(3, 0, -1):
    print(" " * (3 - i) + "#" * (2 * i - 1))
bars = {"mon": 3, "tue": 7, "wed": 0, "thu": 5}
for day, n in bars.items():
    print(f"{day} {'█' * n}{'·' * (8 - n)} {n}")
grid = [["."] * 5 for _ in range(3)]
grid[1][2] = "X"
print("\n".join("".join(row) for row in grid))
shared = [["."] * 3] * 2
shared[0][0] = "!"
print(shared)
