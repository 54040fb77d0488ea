# compiled functions returning tuples, lists, dicts, Python scalars, strings and None alongside tensors
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    a = x + 1
    b = x * 2
    return (a, [b, 3], {"sum": a + b, "name": "out"}, 2.5, None)


out = fn(torch.tensor([1.0, 2.0]))
print(type(out).__name__, len(out))
print(out[0])
print(type(out[1]).__name__, out[1][0], out[1][1])
print(sorted(out[2].keys()), out[2]["sum"], out[2]["name"])
print(out[3], out[4])
print(cnt.frame_count, cnt.op_count)
