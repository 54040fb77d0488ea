# Exercises an uncaught ZeroDivisionError (true division) raised after normal output: averaging an empty group.
def average(values):
    return sum(values) / len(values)


groups = {"a": [3, 4, 5], "b": [10], "c": []}
for name, values in groups.items():
    print(f"group {name}: n={len(values)}")
    print(f"  average = {average(values):.2f}")
print("not reached")
