x: "Tensor" = f()
y: dict[str, tuple[int, ...]] = {}
