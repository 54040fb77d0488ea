async def f():
    await g()
match x:
    case 1: pass
x = b'bytes'
y = 1j
