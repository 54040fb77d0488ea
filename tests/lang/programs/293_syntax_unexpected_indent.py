# Exercises an IndentationError: unexpected indent on a top-level statement.
width = 10
height = 4
    area = width * height
print(area)
