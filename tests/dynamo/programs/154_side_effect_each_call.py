# a side effect of a compiled function happens on every call; the grown list fails a guard and recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()
seen = []


@torch.compile(backend=cnt)
def fn(x, tag):
    seen.append(tag)
    return x + 1


for i in range(3):
    fn(torch.ones(2), "call")
print(seen)
print(cnt.frame_count)
