# Exercises a tokenizer error: invalid decimal literal (a number immediately followed by letters).
rates = {"small": 1.5, "large": 3.0}
quantity = 4
cost = quantity * rates["small"]
discount = 10percent
print(cost)
