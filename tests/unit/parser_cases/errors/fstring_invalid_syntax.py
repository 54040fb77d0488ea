x = f"{a $ b}"
