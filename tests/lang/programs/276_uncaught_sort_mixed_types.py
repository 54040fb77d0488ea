# Exercises an uncaught TypeError: '<' not supported between instances of 'str' and 'int' from min() over mixed values.
values = [5, 3, 9]
print(sorted(values), min(values))
values.append("7")
print(values)
print(min(values))
