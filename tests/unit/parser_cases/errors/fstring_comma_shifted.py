

x =   f"{a b}"
