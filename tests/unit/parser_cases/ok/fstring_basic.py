name = "w"
x = f"hello {name}"
y = f'{x}{y}'
z = F"{a} and {b}"
