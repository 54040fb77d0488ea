a = f"héllo {név}"
b = f"中 {x} 文"
c = f"{x:中>5}"
