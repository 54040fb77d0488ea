# Exercises an uncaught ValueError: too many values to unpack (expected 2) from a malformed record.
records = ["ann:34", "bob:27", "cy:41:extra"]
for rec in records:
    name, age = rec.split(":")
    print(f"{name} is {age}")
