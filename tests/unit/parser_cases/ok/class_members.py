class P:
    """doc"""
    count: int = 0
    def __init__(self, x):
        self.x = x
    @staticmethod
    def s(): return 1
    @classmethod
    def c(cls): return cls
    @property
    def p(self): return self.x
    @p.setter
    def p(self, v): self.x = v
