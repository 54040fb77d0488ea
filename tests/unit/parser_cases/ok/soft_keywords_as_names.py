match = 1
case = 2
_ = 3
match.foo = 4
print(match, case, _)
match(x)
match[0] = 1
