# replacing a submodule by one of another class recompiles the parent's forward
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.act = torch.nn.ReLU()

    def forward(self, x):
        return self.act(x) + 1


net = Net()
opt = torch.compile(net, backend=cnt)
x = torch.tensor([-1.0, 2.0])
print(opt(x))
net.act = torch.nn.Tanh()
print(opt(x))
print(cnt.frame_count)
