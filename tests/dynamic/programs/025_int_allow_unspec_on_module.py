# allow_unspec_int_on_nn_module = True: a changing module int attribute becomes a symbol after one recompile
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 2

    def forward(self, x):
        return x * self.factor


torch._dynamo.config.allow_unspec_int_on_nn_module = True
cnt = torch._dynamo.testing.CompileCounter()
mod = Scale()
opt = torch.compile(mod, backend=cnt)
x = torch.ones(3)
for factor in (2, 3, 4, 5):
    mod.factor = factor
    print(factor, torch.allclose(opt(x), mod(x)), cnt.frame_count)
