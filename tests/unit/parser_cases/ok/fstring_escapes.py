a = f"tab\t{x}\n"
b = f"\x41{y}\u00e9"
c = f"{x}\\"
