x = "a" + b"abc"
