class MyError(Exception):
    def __init__(self, msg, code=0):
        super().__init__(msg)
        self.code = code

def check(v):
    if v < 0:
        raise MyError("negative", code=v)
    return v

try:
    check(-1)
except MyError as e:
    print(e, e.code)
finally:
    print("done")
