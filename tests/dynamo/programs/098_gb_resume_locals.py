# live values of every kind survive a graph break: ints, strings, lists, dicts and tensors
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    n = 3
    tag = "t"
    items = [x + 1, x + 2]
    table = {"k": x * 2}
    print("break")
    out = items[0] + items[1] + table["k"] * n
    return out, tag + str(n), len(items)


print(fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
