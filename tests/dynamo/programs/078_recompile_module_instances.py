# the same module class compiled per instance: each instance compiles once, values are not guarded
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Affine(torch.nn.Module):
    def __init__(self, w):
        super().__init__()
        self.w = torch.nn.Parameter(torch.full((2,), w))

    def forward(self, x):
        return x * self.w


mods = [torch.compile(Affine(float(i)), backend=cnt) for i in range(3)]
for m in mods:
    print(m(torch.ones(2)))
print(cnt.frame_count)
for m in mods:
    m(torch.ones(2))
print(cnt.frame_count)
