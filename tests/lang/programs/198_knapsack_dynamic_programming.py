# Exercises 0/1 knapsack and unbounded coin change with 2D/1D DP tables, item reconstruction and formatted output.
ITEMS = [("map", 9, 150), ("compass", 13, 35), ("water", 153, 200), ("sandwich", 50, 160),
         ("glucose", 15, 60), ("tin", 68, 45), ("banana", 27, 60), ("apple", 39, 40),
         ("cheese", 23, 30), ("beer", 52, 10), ("suntan", 11, 70), ("camera", 32, 30)]


def knapsack(items, capacity):
    n = len(items)
    table = [[0] * (capacity + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        _, weight, value = items[i - 1]
        for c in range(capacity + 1):
            table[i][c] = table[i - 1][c]
            if weight <= c and table[i - 1][c - weight] + value > table[i][c]:
                table[i][c] = table[i - 1][c - weight] + value
    chosen, c = [], capacity
    for i in range(n, 0, -1):
        if table[i][c] != table[i - 1][c]:
            chosen.append(items[i - 1][0])
            c -= items[i - 1][1]
    return table[n][capacity], sorted(chosen)


def min_coins(amount, coins):
    INF = amount + 1
    best = [0] + [INF] * amount
    last = [None] * (amount + 1)
    for a in range(1, amount + 1):
        for coin in coins:
            if coin <= a and best[a - coin] + 1 < best[a]:
                best[a] = best[a - coin] + 1
                last[a] = coin
    if best[amount] == INF:
        return None
    used = []
    while amount:
        used.append(last[amount])
        amount -= last[amount]
    return sorted(used, reverse=True)


for cap in (100, 200, 400):
    value, chosen = knapsack(ITEMS, cap)
    weight = sum(w for name, w, _ in ITEMS if name in chosen)
    print(f"cap={cap:<4} value={value:<4} weight={weight:<4} {chosen}")
for amount, coins in [(63, [1, 5, 10, 21, 25]), (11, [2, 5]), (3, [2]), (0, [1])]:
    print(amount, coins, min_coins(amount, coins))
