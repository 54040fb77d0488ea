# Exercises LCS and a line diff built on it: 2D DP tables, backtracking, and unified-diff-like output.
def lcs_table(a, b):
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            t[i][j] = t[i + 1][j + 1] + 1 if a[i] == b[j] else max(t[i + 1][j], t[i][j + 1])
    return t


def lcs(a, b):
    t = lcs_table(a, b)
    i = j = 0
    out = []
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            out.append(a[i])
            i += 1
            j += 1
        elif t[i + 1][j] >= t[i][j + 1]:
            i += 1
        else:
            j += 1
    return out


def diff(old, new):
    t = lcs_table(old, new)
    i = j = 0
    lines = []
    while i < len(old) or j < len(new):
        if i < len(old) and j < len(new) and old[i] == new[j]:
            lines.append("  " + old[i])
            i += 1
            j += 1
        elif j < len(new) and (i == len(old) or t[i][j + 1] >= t[i + 1][j]):
            lines.append("+ " + new[j])
            j += 1
        else:
            lines.append("- " + old[i])
            i += 1
    return lines


print("".join(lcs("ABCBDAB", "BDCABA")), len(lcs("AGGTAB", "GXTXAYB")), lcs("", "abc"))
print("".join(lcs("the quick brown fox", "a quick brown dog")))
old = ["def f(x):", "    y = x + 1", "    return y", "", "print(f(1))"]
new = ["def f(x):", "    \"\"\"Add one.\"\"\"", "    return x + 1", "", "print(f(1))", "print(f(2))"]
print("\n".join(diff(old, new)))
print(diff(list("abc"), list("abc")) == ["  a", "  b", "  c"])
