a.b: str = "x"
c[0]: float
(d): int = 1
