# Exercises round(): banker's rounding at .5, ndigits positive/negative, and int vs float results.
halves = [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 4.5, 5.5]
print([round(h) for h in halves])
print([type(round(h)).__name__ for h in halves[:2]])
print(round(2.675, 2), round(2.665, 2), round(1.005, 2), round(0.125, 2), round(0.375, 2))
print(round(3.14159, 3), round(3.14159, 0), round(-3.14159, 1))
print(round(1234.5678, -1), round(1234.5678, -2), round(1250, -2), round(1350, -2))
print(round(15, -1), round(25, -1), round(-25, -1), round(12345, -3))
print(round(7), round(7, 2), round(-0.4), round(0.6), round(1e15 + 0.5))
print(round(2.5, 0), round(0.05, 1), round(0.15, 1), round(0.25, 1))


def money(amount):
    return f"${round(amount, 2):,.2f}"


prices = [19.995, 0.045, 1234.5, 99.125, 10]
for p in prices:
    print(p, "->", money(p), round(p), round(p, 1))

scores = [88.5, 89.5, 90.5, 91.49, 91.5]
print({s: round(s) for s in scores})
avg = sum(scores) / len(scores)
print(avg, round(avg, 2), round(avg))
