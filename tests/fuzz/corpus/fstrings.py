name, value = "pi", 3.14159
print(f"{name!r:>10} = {value:.3f} {value:e} {{literal}} {f'{name}'}")
print(f"{'nested'} {value!s} {3 + 4 = }" if False else f"{value:{10}.{2}f}")
