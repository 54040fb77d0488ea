# Exercises an uncaught TypeError: can only concatenate str (not "int") to str when building a label.
items = {"apples": 3, "pears": 12}
for name, count in items.items():
    label = name.upper() + ": " + str(count)
    print(label)
summary = "total items: " + sum(items.values())
print(summary)
