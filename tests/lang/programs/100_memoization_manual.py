# Exercises manual memoisation with dicts and tuple keys: grid paths, coin change and edit distance.
def grid_paths(rows, cols, blocked, memo=None):
    if memo is None:
        memo = {}
    if (rows, cols) in memo:
        return memo[(rows, cols)]
    if (rows, cols) in blocked or rows < 0 or cols < 0:
        return 0
    if rows == 0 and cols == 0:
        return 1
    memo[(rows, cols)] = grid_paths(rows - 1, cols, blocked, memo) + grid_paths(rows, cols - 1, blocked, memo)
    return memo[(rows, cols)]


def coin_ways(amount, coins):
    memo = {}

    def ways(rem, idx):
        if rem == 0:
            return 1
        if rem < 0 or idx == len(coins):
            return 0
        key = (rem, idx)
        if key not in memo:
            memo[key] = ways(rem - coins[idx], idx) + ways(rem, idx + 1)
        return memo[key]
    return ways(amount, 0), len(memo)


def edit_distance(a, b):
    memo = {}

    def d(i, j):
        if i == len(a):
            return len(b) - j
        if j == len(b):
            return len(a) - i
        if (i, j) not in memo:
            if a[i] == b[j]:
                memo[(i, j)] = d(i + 1, j + 1)
            else:
                memo[(i, j)] = 1 + min(d(i + 1, j), d(i, j + 1), d(i + 1, j + 1))
        return memo[(i, j)]
    return d(0, 0)


print(grid_paths(2, 2, set()), grid_paths(10, 10, set()), grid_paths(16, 16, {(1, 1), (5, 7)}))
print(coin_ways(100, [1, 5, 10, 25, 50]), coin_ways(7, [2, 4]), coin_ways(0, [3]))
for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("same", "same"), ("intention", "execution")]:
    print(a, b, edit_distance(a, b))
