x = f"{a}" "\xZ"
