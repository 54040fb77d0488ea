x = f"{a!r }"
