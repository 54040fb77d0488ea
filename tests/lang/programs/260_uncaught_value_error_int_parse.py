# Exercises an uncaught ValueError: invalid literal for int() with base 10 while parsing user input.
raw = "12, 7, 42, forty, 3"
numbers = []
for piece in raw.split(","):
    piece = piece.strip()
    numbers.append(int(piece))
    print("parsed", numbers[-1])
print(sum(numbers))
