async def f():
    async for x in y: pass
