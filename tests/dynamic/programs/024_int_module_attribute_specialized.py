# an int attribute of an nn.Module is specialized (allow_unspec_int_on_nn_module=False): each value recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 2

    def forward(self, x):
        return x * self.factor


cnt = torch._dynamo.testing.CompileCounter()
mod = Scale()
opt = torch.compile(mod, backend=cnt)
x = torch.ones(3)
for factor in (2, 3, 4):
    mod.factor = factor
    print(factor, torch.allclose(opt(x), mod(x)), cnt.frame_count)
