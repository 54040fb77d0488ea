x = f"{  a  }"
y = f"{ a!r}" if 0 else 0
