# Training parity: the small CNN with BatchNorm trained 50 steps with Adam, then evaluated in eval mode.
import torch
import torch.nn as nn

model = nn.Sequential(
    nn.Conv2d(1, 4, 3, padding=1),
    nn.BatchNorm2d(4),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Flatten(),
    nn.Linear(4 * 3 * 3, 3),
)
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_((torch.arange(p.numel()).float() * 1.1 + 0.5 * i).cos().reshape(p.shape) * 0.25)
imgs = ((torch.arange(9 * 36).reshape(9, 1, 6, 6) * 13) % 7).float() / 6
labels = torch.arange(9) % 3
opt = torch.optim.Adam(model.parameters(), lr=0.01)
loss_fn = nn.CrossEntropyLoss()
for step in range(50):
    opt.zero_grad()
    loss = loss_fn(model(imgs), labels)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.5g}")
model.eval()
with torch.no_grad():
    print(model(imgs).argmax(1).tolist())
print(model[1].num_batches_tracked)
