# Exercises a settings object mixing __getattr__, __setattr__-free attribute storage, __setitem__/__delitem__/__getitem__ and a global change counter.
changes = 0


class Settings:
    def __init__(self, **defaults):
        self._values = dict(defaults)
        self._history = []

    def __getattr__(self, name):
        values = self.__dict__["_values"]
        if name in values:
            return values[name]
        raise AttributeError(f"no setting named {name!r}")

    def __getitem__(self, key):
        return self._values[key]

    def __setitem__(self, key, value):
        global changes
        changes += 1
        old = self._values.get(key, "<unset>")
        self._history.append((key, old, value))
        self._values[key] = value

    def __delitem__(self, key):
        global changes
        changes += 1
        self._history.append((key, self._values.pop(key), "<deleted>"))

    def __contains__(self, key):
        return key in self._values

    def __len__(self):
        return len(self._values)


s = Settings(theme="dark", font_size=12)
print(s.theme, s["font_size"], len(s), "theme" in s)
s["font_size"] = 14
s["language"] = "en"
s.font_size_override = 99
print(s.font_size, s.language, s.font_size_override, len(s))
del s["theme"]
print("theme" in s, changes)
for missing in ("theme", "nothing"):
    try:
        getattr(s, missing)
    except AttributeError as exc:
        print("AttributeError:", exc)
try:
    del s["theme"]
except KeyError as exc:
    print("KeyError:", exc, changes)
for key, old, new in s._history:
    print(f"  {key}: {old!r} -> {new!r}")
