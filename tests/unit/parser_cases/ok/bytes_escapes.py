a = b"\x00\xff\t\n\\ \777 \q \u1234"
b = rb"\x" b'two' B"""three"""
c = Rb"raw" bR"\n" br"x"
d = (b"" b"")
