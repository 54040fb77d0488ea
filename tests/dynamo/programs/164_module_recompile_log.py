# the recompile log of a module shows its forward and the failing parameter-free input guard
import torch

torch._logging.set_logs(recompiles=True)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)

    def forward(self, x):
        return self.lin(x).sum()


opt = torch.compile(Net(), backend="eager", dynamic=False)
opt(torch.ones(1, 2))
opt(torch.ones(3, 2))
opt(torch.ones(3, 2, dtype=torch.float64).float())
print("done")
