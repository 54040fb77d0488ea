foo(a=1 2)
