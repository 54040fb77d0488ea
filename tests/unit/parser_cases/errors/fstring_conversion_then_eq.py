x = f"{a!r=}"
