class A(metaclass=M, x=1): pass
