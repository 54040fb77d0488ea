# x - n * n on a transposed input whose size is marked unbacked traces without a graph break: the output strides' order (Max(1, u0) against 1) is decided without guarding on u0
# env: TORCH_LOGS=graph_breaks
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    out = (x - n * n) - n * n
    return out


opt = torch.compile(fn, backend=cnt, dynamic=True)
x = torch.randn(1, 5, 2, requires_grad=True)
print(torch.allclose(opt(x, 1), fn(x, 1)), "frames", cnt.frame_count, "ops", cnt.op_count)
for k in (5, 3):
    x = torch.randn(1, 2, k).transpose(-2, -1)
    torch._dynamo.decorators.mark_unbacked(x, 1)
    out = opt(x, 2)
    print(k, out.shape, out.stride(), torch.equal(out, fn(x, 2)), "frames", cnt.frame_count, "ops", cnt.op_count)
