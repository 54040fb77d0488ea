# Exercises f-string conversions !r !s, expressions, method calls, dict access and nested quotes.
class Temperature:
    def __init__(self, celsius):
        self.celsius = celsius

    def __str__(self):
        return f"{self.celsius:.1f}C"

    def __repr__(self):
        return f"Temperature({self.celsius!r})"

    def fahrenheit(self):
        return self.celsius * 9 / 5 + 32


readings = {"mon": Temperature(21.5), "tue": Temperature(19), "wed": Temperature(-3.25)}
for day, t in readings.items():
    print(f"{day}: {t} / {t!r} / {t!s} / {t.fahrenheit():.1f}F")

name = "O'Brien"
print(f"{name!r} {name!s} {name}")
print(f"{'nested' + ' quotes'} {len(name) * 2} {name.upper()[:3]}")
data = {"key": [10, 20, 30]}
print(f"{data['key'][1]} {data['key'][-1] + 1} {sum(data['key'])}")
print(f"{3 if len(name) > 3 else 4} {[i * i for i in range(4)]}")
print(f"{{literal braces}} {{{len(data)}}}")
value = 7
print(f"{value=}")
print(f"{value * 2 = }")
print(f"{'left':<8}{'right':>8}")
items = ["a", "b"]
print(f"{items!r} {items} {tuple(items)!s}")
print(f"{'multi'}"
      f"{'part'}" " plain" f" {value}")
print(F"capital F {value:03}")
print(f"{readings['mon']!r:>25}|")
