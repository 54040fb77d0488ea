# Exercises a syntax error: an opening parenthesis that is never closed ('(' was never closed).
prices = [1.5, 2.25, 3.0]
total = sum(prices)
average = (total / len(prices)
print(f"{average:.2f}")
