d = {k: {j: v for j, v in inner.items()} for k, inner in outer.items() if inner}
