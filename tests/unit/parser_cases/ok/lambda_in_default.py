def f(key=lambda x: x, *, rev=False): pass
