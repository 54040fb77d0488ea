y = b"ab" b"\x1"
