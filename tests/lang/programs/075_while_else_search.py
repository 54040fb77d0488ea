# Exercises while loops with else clauses, break skipping else, and loop-driven searches.
def find_first_square_above(limit):
    n = 0
    while n * n <= limit:
        n += 1
    else:
        print(f"  loop ended normally at n={n}")
    return n * n


def find_divisor(n):
    d = 2
    while d * d <= n:
        if n % d == 0:
            print(f"  {n} has divisor {d}")
            break
        d += 1
    else:
        print(f"  {n} is prime")


print(find_first_square_above(50))
for n in (91, 97, 2, 1_000_003, 121):
    find_divisor(n)

balance = 1000.0
years = 0
while balance < 2000:
    balance *= 1.07
    years += 1
print(years, round(balance, 2))

queue = ["a", "b", "stop", "c"]
processed = []
while queue:
    item = queue.pop(0)
    if item == "stop":
        break
    processed.append(item)
else:
    processed.append("<drained>")
print(processed, queue)
count = 0
while True:
    count += 3
    if count % 2 == 0:
        continue
    if count > 20:
        break
print(count)
empty_runs = 0
while empty_runs:
    print("never")
else:
    print("else runs even when the loop body never ran")
