# Exercises an uncaught ValueError raised from __init__ while constructing objects in a list comprehension.
class Temperature:
    def __init__(self, kelvin):
        if kelvin < 0:
            raise ValueError(f"temperature below absolute zero: {kelvin}K")
        self.kelvin = kelvin

    def __repr__(self):
        return f"{self.kelvin}K"


print([Temperature(k) for k in (0, 273.15, 373.15)])
print([Temperature(k) for k in (300, -5, 10)])
