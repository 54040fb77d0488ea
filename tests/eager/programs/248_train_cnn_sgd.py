# Training parity: a small CNN (conv 1->4 3x3, relu, maxpool, linear) trained 50 steps with SGD momentum.
import torch
import torch.nn as nn
import torch.nn.functional as F

class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3)
        self.fc = nn.Linear(4 * 3 * 3, 2)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv(x)), 2)
        return self.fc(x.flatten(1))

model = SmallCNN()
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_((torch.arange(p.numel()).float() * 0.9 + i).sin().reshape(p.shape) * 0.2)
imgs = ((torch.arange(6 * 64).reshape(6, 1, 8, 8) * 37) % 11).float() / 10 - 0.5
labels = torch.tensor([0, 1, 0, 1, 1, 0])
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for step in range(50):
    opt.zero_grad()
    loss = F.cross_entropy(model(imgs), labels)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.5g}")
print(model(imgs).argmax(1).tolist())
