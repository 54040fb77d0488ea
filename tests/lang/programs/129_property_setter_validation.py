# Exercises @property getters, setters with validation, deleters, read-only and computed properties.
class Temperature:
    def __init__(self, celsius=0.0):
        self.celsius = celsius

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError(f"{value} is below absolute zero")
        self._celsius = float(value)

    @property
    def fahrenheit(self):
        return self._celsius * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, value):
        self.celsius = (value - 32) * 5 / 9

    @property
    def kelvin(self):
        return round(self._celsius + 273.15, 2)


t = Temperature(25)
print(t.celsius, t.fahrenheit, t.kelvin)
t.fahrenheit = 212
print(t.celsius, t.kelvin)
try:
    t.celsius = -300
except ValueError as exc:
    print("ValueError:", exc)
print(t.celsius)
try:
    t.kelvin = 5
except AttributeError as exc:
    print("AttributeError:", exc)


class User:
    def __init__(self, name):
        self._name = name
        self._email = None

    @property
    def name(self):
        return " ".join(w[:1].upper() + w[1:] for w in self._name.split())

    @property
    def email(self):
        return self._email or "<unset>"

    @email.setter
    def email(self, value):
        if "@" not in value:
            raise ValueError(f"invalid email: {value!r}")
        self._email = value.lower()

    @email.deleter
    def email(self):
        print("  deleting email")
        self._email = None


u = User("ada lovelace")
print(u.name, u.email)
u.email = "Ada@Example.COM"
print(u.email)
del u.email
print(u.email)
try:
    u.email = "nope"
except ValueError as exc:
    print("ValueError:", exc)
print(type(User.email).__name__, isinstance(User.name, property))
