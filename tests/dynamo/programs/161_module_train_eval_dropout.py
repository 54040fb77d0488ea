# dropout in eval mode is the identity; switching train -> eval recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = torch.nn.Dropout(0.5)

    def forward(self, x):
        return self.drop(x) * 2


net = Net()
opt = torch.compile(net, backend=cnt)
net.eval()
print(opt(torch.ones(4)))
print(cnt.frame_count)
net.train()
torch.manual_seed(0)
out = opt(torch.ones(4))
print(out.shape, cnt.frame_count)
