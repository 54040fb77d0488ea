# graph_code for a compiled nn.Module: parameters appear as graph inputs
import torch

torch._logging.set_logs(graph_code=True)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 3)

    def forward(self, x):
        return torch.relu(self.lin(x))


net = Net()
with torch.no_grad():
    net.lin.weight.fill_(1.0)
    net.lin.bias.fill_(-1.0)
print(torch.compile(net, backend="eager")(torch.ones(1, 2)))
