# torch.cond branches closing over an input and an intermediate: each branch lifts what it uses (suffixed when only one does)
# env: TORCH_LOGS=graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, w):
    h = x * 2

    def true_fn(t):
        return t + w

    def false_fn(t):
        return t - h

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def reference(x, w):
    return x + w if x.sum() > 0 else x - x * 2


opt = torch.compile(fn, backend=cnt)
w = torch.tensor([10.0, 20.0])
for values in ([1.0, 2.0], [-1.0, -2.0]):
    x = torch.tensor(values)
    print(values, torch.allclose(opt(x, w), reference(x, w)), cnt.frame_count)
