# torch.compile(module) returns an OptimizedModule whose results equal the module's
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(3, 4)
        self.fc2 = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


torch.manual_seed(0)
m = MLP()
opt = torch.compile(m, backend=cnt)
x = torch.arange(6.0).reshape(2, 3) / 4
print(type(opt).__name__)
print(torch.allclose(opt(x), m(x)))
print(cnt.frame_count, cnt.op_count)
