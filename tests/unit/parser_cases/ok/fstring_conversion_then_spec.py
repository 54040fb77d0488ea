x = f"{a!r:{b}}"
