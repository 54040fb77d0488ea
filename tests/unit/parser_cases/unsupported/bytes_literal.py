x = b"abc"
