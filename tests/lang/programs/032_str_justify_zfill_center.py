# Exercises ljust, rjust, center (with fill chars) and zfill to lay out a receipt.
ITEMS = [("Coffee", 2, 3.5), ("Bagel", 1, 2.25), ("Orange juice", 3, 4.0)]
WIDTH = 32

print("RECEIPT".center(WIDTH, "="))
print("Corner Cafe".center(WIDTH))
print("-" * WIDTH)
total = 0.0
for name, qty, price in ITEMS:
    cost = qty * price
    total += cost
    left = f"{qty} x {name}".ljust(22, ".")
    right = f"{cost:.2f}".rjust(WIDTH - 22)
    print(left + right)
print("-" * WIDTH)
print("TOTAL".ljust(20) + f"{total:.2f}".rjust(12))
print("".center(WIDTH, "="))

for n in (7, 42, -5, 12345):
    print(str(n).zfill(5), str(n).rjust(6, "0"), str(n).ljust(6, "_") + "|")
print("ab".center(5, "*"), "ab".center(6, "*"), "abc".center(6, "*"), "toolong".center(3))
print("+7".zfill(4), "-0.5".zfill(7), "abc".zfill(5), "".zfill(3))
order_ids = [3, 17, 250, 1024]
print(" ".join("ORD-" + str(i).zfill(6) for i in order_ids))
table = [("id", "name"), ("1", "ann"), ("22", "bartholomew")]
w0 = max(len(r[0]) for r in table)
w1 = max(len(r[1]) for r in table)
for a, b in table:
    print("|" + a.rjust(w0) + "|" + b.ljust(w1) + "|")
