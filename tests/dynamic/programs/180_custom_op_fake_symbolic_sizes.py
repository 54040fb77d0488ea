# a custom op's fake impl on symbolic sizes: the node's output is f32[2*s0, s1]; automatic dynamic, then no recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_code=True, recompiles=True)


@torch.library.custom_op("mylib::stack2", mutates_args=())
def stack2(x: torch.Tensor, scale: float) -> torch.Tensor:
    return torch.cat([x, x * scale])


@stack2.register_fake
def _(x, scale):
    return x.new_empty(x.shape[0] * 2, x.shape[1])


cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = stack2(x, 2.0)
    return y.sum(0)


for rows, cols in [(2, 3), (4, 5), (6, 7)]:
    x = torch.ones(rows, cols)
    out = fn(x)
    print(out.shape, torch.equal(out, stack2(x, 2.0).sum(0)), cnt.frame_count)
