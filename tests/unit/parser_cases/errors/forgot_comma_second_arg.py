foo(1, a 2)
