x = f"{a\n}"
