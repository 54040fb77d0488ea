while x:
z
