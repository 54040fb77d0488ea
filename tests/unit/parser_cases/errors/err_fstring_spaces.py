y = f"{ a!r }"
