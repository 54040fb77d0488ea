s = 'abc
t = """never closed
