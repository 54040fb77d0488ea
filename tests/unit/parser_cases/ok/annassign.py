x: int
y: int = 5
z: list[int] = []
