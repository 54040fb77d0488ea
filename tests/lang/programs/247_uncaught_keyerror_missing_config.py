# Exercises an uncaught KeyError for a missing dict key after a lookup loop: the error line is KeyError: 'x'.
config = {"width": 80, "height": 24, "title": "demo"}
for key in ("width", "height", "title"):
    print(key, "=", config[key])
area = config["width"] * config["height"]
print("area", area)
print("x offset", config["x"])
