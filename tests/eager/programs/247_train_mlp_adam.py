# Training parity: an MLP regressor (Linear-ReLU-Linear) trained 50 steps with Adam on a smooth target.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.arange(p.numel()).float().add(i).mul(1.3).cos().reshape(p.shape) * 0.4)
g = torch.linspace(-1, 1, 5)
xs = torch.stack(torch.meshgrid(g, g, indexing="ij"), -1).reshape(-1, 2)
ys = (xs[:, :1] ** 2 - 0.5 * xs[:, 1:])
opt = torch.optim.Adam(model.parameters(), lr=0.02)
loss_fn = nn.MSELoss()
for step in range(50):
    opt.zero_grad()
    loss = loss_fn(model(xs), ys)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.5g}")
print(model(torch.tensor([[0.5, -0.5]])).item() > -10)
