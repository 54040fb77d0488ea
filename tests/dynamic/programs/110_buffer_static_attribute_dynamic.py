# a module's registered buffer of changing size stays static (like a parameter); a plain tensor attribute becomes dynamic
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing


class Tables(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.ones(2))
        self.plain = torch.ones(2)

    def forward(self, x):
        return x + self.buf.sum() + self.plain.sum()


cnt = torch._dynamo.testing.CompileCounter()
mod = Tables()
opt = torch.compile(mod, backend=cnt)
x = torch.zeros(3)
for rows in (2, 3, 4):
    mod.plain = torch.ones(rows)
    print("plain", rows, torch.allclose(opt(x), mod(x)), cnt.frame_count)
for rows in (3, 4):
    mod.buf = torch.ones(rows)
    print("buffer", rows, torch.allclose(opt(x), mod(x)), cnt.frame_count)
