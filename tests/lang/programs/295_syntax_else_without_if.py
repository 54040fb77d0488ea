# Exercises a generic SyntaxError: invalid syntax, from a stray else with no matching if.
count = 0
for n in range(5):
    count += n
print(count)
else_branch = True
else:
    print("dangling else")
