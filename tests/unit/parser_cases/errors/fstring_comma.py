

x = f"{a b}"
