# an int attribute of an nn.Module is static: changing it recompiles, with PyTorch's hint
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 2

    def forward(self, x):
        return x * self.factor


m = Scale()
opt = torch.compile(m, backend=cnt, dynamic=False)
print(opt(torch.ones(2)))
m.factor = 3
print(opt(torch.ones(2)))
print(cnt.frame_count)
