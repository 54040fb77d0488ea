def f(x: tuple[int, ...] = ()) -> None: pass
