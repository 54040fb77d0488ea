# nn.Module.compile() compiles the module in place: calling it runs the compiled forward
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Double(torch.nn.Module):
    def forward(self, x):
        return x * 2 + 1


m = Double()
print(m(torch.ones(2)), cnt.frame_count)
m.compile(backend=cnt)
print(m(torch.ones(2)), cnt.frame_count, cnt.op_count)
print(m(torch.ones(2)), cnt.frame_count)
print(type(m).__name__)
