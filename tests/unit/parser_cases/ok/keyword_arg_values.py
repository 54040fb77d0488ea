f(a=lambda: 1, b=x if y else z, c=[i for i in j], d=(yield))
