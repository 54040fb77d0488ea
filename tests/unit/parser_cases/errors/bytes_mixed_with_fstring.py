y = (b"a"
     f"b{1}")
