# nn.Module with mark_dynamic on the batch: one compile for all batch sizes, the weights stay static (no symbols)
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)

    def forward(self, x):
        return self.lin(x).sum(1)


torch.manual_seed(0)
net = Net()
cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(net, backend=cnt)
for batch in (3, 6):
    x = torch.randn(batch, 2)
    torch._dynamo.mark_dynamic(x, 0)
    print(batch, torch.allclose(opt(x), net(x), atol=1e-6), cnt.frame_count)
