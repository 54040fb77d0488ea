# Exercises an uncaught TypeError: unhashable type: 'list' when using a list as a dict key.
visits = {}
for path in [("home",), ("home", "about"), ["home", "contact"]]:
    print("visiting", "/".join(path))
    visits[path] = visits.get(path, 0) + 1
print(visits)
