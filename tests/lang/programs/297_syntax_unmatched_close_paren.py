# Exercises a syntax error: unmatched ')' in an expression.
scores = {"ann": 90, "bo": 75}
best = max(scores, key=scores.get)
print(best)
print(len(scores)))
