# a module buffer is a tensor input: new values are read without recompiling, a new shape recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Shift(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("offset", torch.zeros(2))

    def forward(self, x):
        return x + self.offset


m = Shift()
opt = torch.compile(m, backend=cnt, dynamic=False)
print(opt(torch.ones(2)))
m.offset.fill_(5.0)
print(opt(torch.ones(2)))
print(cnt.frame_count)
m.offset = torch.zeros(1)
print(opt(torch.ones(2)))
print(cnt.frame_count)
