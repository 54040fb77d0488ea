from contextlib import contextmanager, nullcontext

@contextmanager
def managed(x):
    yield x

with managed(1) as a, nullcontext(2) as b, managed(3):
    print(a, b)
