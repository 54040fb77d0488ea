type = 1
print(type)
