# guard_fail_reason_origin (refc's switch for 2.14's form): a recompile reason carries the guard's code comment and user stack (an int argument, an int read in an inlined callee, an nn.Module int attribute with its HINT); a tensor's reason stays bare
# env: TORCHDYNAMO_GUARD_FAIL_REASON_ORIGIN=1
import torch

torch._logging.set_logs(recompiles=True)


def scaled(x, k):
    return x * k


@torch.compile(backend="eager", dynamic=False)
def fn(x, n, k):
    return scaled(x, k) + n


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 3

    def forward(self, x):
        return x * self.factor


fn(torch.ones(2), 1, 2)
fn(torch.ones(2), 2, 2)
fn(torch.ones(2), 2, 3)
fn(torch.ones(3), 2, 3)
mod = Scale()
compiled = torch.compile(mod, backend="eager", dynamic=False)
print(compiled(torch.ones(2)))
mod.factor = 4
print(compiled(torch.ones(2)))
