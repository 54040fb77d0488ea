raise
raise ValueError
raise ValueError("x")
raise RuntimeError("y") from e
raise X from None
