class Base:
    kind = "base"
    def __init__(self, v): self.v = v
    def __repr__(self): return f"{type(self).__name__}({self.v!r})"
    @property
    def double(self): return self.v * 2
    @double.setter
    def double(self, x): self.v = x // 2
    @staticmethod
    def make(): return Base(0)
    @classmethod
    def named(cls): return cls.__name__

class Child(Base):
    def __init__(self, v, w):
        super().__init__(v)
        self.w = w
