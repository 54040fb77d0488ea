x = obj.asyncio
