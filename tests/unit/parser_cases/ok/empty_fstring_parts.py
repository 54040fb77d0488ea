x = f"{a}{b}"
y = f"{a}" f"{b}"
