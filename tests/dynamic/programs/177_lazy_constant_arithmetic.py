# arithmetic on int and str inputs stays lazy until used: the tensor read later gets the earlier placeholder; at a graph break an int computation is realized (it may be symbolic) while a str one is recomputed after the graph, guarded on its input's type only
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    k = n * 2 + 1
    y = x.sin()
    m = n - 1
    torch._dynamo.graph_break()
    return y * k + m


def gn(x, tag):
    label = tag + "!"
    y = x.cos()
    torch._dynamo.graph_break()
    return label * 2, y


opt_fn = torch.compile(fn, backend=cnt)
opt_gn = torch.compile(gn, backend=cnt)
x = torch.arange(4, dtype=torch.float32)
for n, tag in ((3, "a"), (5, "a"), (7, "bc")):
    print(n, torch.allclose(opt_fn(x, n), fn(x, n)), cnt.frame_count)
    print(tag, opt_gn(x, tag)[0] == gn(x, tag)[0], cnt.frame_count)
