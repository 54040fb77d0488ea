r = sorted(d.items(), key=lambda kv: (-kv[1], kv[0]), reverse=True)
m = max(a, key=len, default=None)
