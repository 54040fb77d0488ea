# Exercises an uncaught ZeroDivisionError: float division by zero when normalising by a float total.
weights = {"cpu": 0.0, "mem": 0.0}
print("weights:", weights)
total = sum(weights.values())
print("total weight:", total)
shares = {k: v / total for k, v in weights.items()}
print(shares)
