x = f"{a}"
