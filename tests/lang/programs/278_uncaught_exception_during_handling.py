# Exercises an exception raised inside an except block: the last stderr line is the new exception.
def load(settings, key):
    try:
        return settings[key]
    except KeyError:
        print(f"missing {key!r}, falling back to defaults")
        defaults = {"color": "blue"}
        return defaults[key].upper()


settings = {"size": 10}
print(load(settings, "size"))
print(load(settings, "color"))
print(load(settings, "shape"))
