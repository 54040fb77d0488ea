class A:
    pass
class B(A):
    x = 1
    def m(self):
        return self.x
class C(A, metaclass=M):
    pass
class D():
    pass
class E(object, **kw): pass
