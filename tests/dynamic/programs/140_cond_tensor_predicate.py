# torch.cond with a tensor predicate: both branches are traced as subgraphs, no graph break, no guard on the value
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def true_fn(x):
    return x.sin()


def false_fn(x):
    return x.cos()


def fn(x):
    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def reference(x):
    return true_fn(x) if x.sum() > 0 else false_fn(x)


opt = torch.compile(fn, backend=cnt)
for values in ([1.0, 2.0], [-1.0, -2.0], [3.0, -1.0]):
    x = torch.tensor(values)
    print(values, torch.allclose(opt(x), reference(x)), cnt.frame_count)
