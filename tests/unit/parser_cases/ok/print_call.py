print("hello", end="")
print(1, 2, sep=", ")
print()
