import torch
import torch.nn as nn

class MLP(nn.Module):
    def __init__(self, d_in: int, d_out: int) -> None:
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.fc(x))

model = MLP(4, 8)
