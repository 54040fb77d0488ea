# tensors nested in dicts of lists are graph inputs; the structure around them is guarded
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(batch):
    total = batch["scale"] * 0
    for t in batch["items"]:
        total = total + t * batch["scale"]
    return total


b1 = {"items": [torch.ones(2), torch.arange(2.0)], "scale": 2}
print(fn(b1))
b1["items"][1] = torch.full((2,), 4.0)
print(fn(b1))
print(cnt.frame_count)
b1["items"].append(torch.ones(2))
print(fn(b1))
print(cnt.frame_count)
