a = 1if x else 2
b = [0x1for x in y]
c = 1 .bit_length()
d = 1.0.__class__ if 0 else 1
