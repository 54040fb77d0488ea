é.b = 1
print(é.b, "ü")
