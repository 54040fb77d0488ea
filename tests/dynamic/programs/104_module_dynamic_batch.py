# nn.Module forward with a changing batch: the batch dim becomes s0, the Linear weight stays static f32[4, 3]
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 4)

    def forward(self, x):
        return torch.relu(self.lin(x))


torch.manual_seed(0)
net = Net()
cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(net, backend=cnt)
for batch in (2, 5, 9):
    x = torch.randn(batch, 3)
    print(batch, torch.allclose(opt(x), net(x), atol=1e-6), cnt.frame_count)
