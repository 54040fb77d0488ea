# Exercises an uncaught bare assert without a message: the last stderr line is just AssertionError.
def normalize(weights):
    total = sum(weights)
    assert total > 0
    return [w / total for w in weights]


print(normalize([1, 1, 2]))
print(normalize([0, 0]))
