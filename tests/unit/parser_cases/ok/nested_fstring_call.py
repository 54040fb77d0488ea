print(f"{name!r:>10} | {value:8.3f} | {int(v):+d}")
log(f"step {i}/{n}: loss={loss:.4e}")
