# Exercises an uncaught TypeError: unsupported operand type(s) for +: 'int' and 'str' when summing mixed data.
rows = [("apples", 3), ("pears", 5), ("plums", "7")]
total = 0
for name, count in rows:
    print("adding", name)
    total = total + count
print(total)
