class A x:
    pass
