# Exercises a syntax error: closing parenthesis ']' does not match opening parenthesis '('.
matrix = [[1, 2], [3, 4]]
flat = [x for row in matrix for x in row]
total = sum(flat]
print(total)
