# Exercises an uncaught AttributeError for a missing instance attribute: 'Widget' object has no attribute 'weight'.
class Widget:
    def __init__(self, name, size):
        self.name = name
        self.size = size

    def describe(self):
        return f"{self.name} ({self.size})"


parts = [Widget("bolt", 3), Widget("nut", 2)]
for p in parts:
    print(p.describe())
print(sum(p.weight for p in parts))
