# storing into and deleting from a dict argument inside the compiled function
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x, cache):
    cache["double"] = x * 2
    cache["count"] = cache.get("count", 0) + 1
    del cache["old"]
    return x + 1


cache = {"old": 1}
print(fn(torch.ones(2), cache))
print(sorted(cache.keys()), cache["double"], cache["count"])
print(cnt.frame_count, cnt.op_count)
