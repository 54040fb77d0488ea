# Exercises an IndentationError: expected an indented block after an 'if' statement.
values = [3, 1, 2]
if len(values) > 2:
print("long list")
print(sorted(values))
