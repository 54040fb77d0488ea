x = f"{a! r}"
