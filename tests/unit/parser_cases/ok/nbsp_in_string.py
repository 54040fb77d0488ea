x = "a b"
