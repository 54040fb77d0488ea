# a small ResNet (BatchNorm, residual +=) trains compiled with backend="eager": SGD with momentum and nesterov, StepLR, cross-entropy with label smoothing, then evaluates
import torch
import torch.nn as nn
import torch.nn.functional as F


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, in_planes, planes, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(in_planes, planes, kernel_size=3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != planes:
            self.shortcut = nn.Sequential(
                nn.Conv2d(in_planes, planes, kernel_size=1, stride=stride, bias=False),
                nn.BatchNorm2d(planes),
            )

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out += self.shortcut(x)
        out = F.relu(out)
        return out


class ResNet(nn.Module):
    def __init__(self, num_blocks=(1, 1), num_classes=4):
        super().__init__()
        self.in_planes = 8
        self.conv1 = nn.Conv2d(3, 8, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(8)
        self.layer1 = self._make_layer(8, num_blocks[0], stride=1)
        self.layer2 = self._make_layer(16, num_blocks[1], stride=2)
        self.linear = nn.Linear(16, num_classes)

    def _make_layer(self, planes, num_blocks, stride):
        layers = []
        for s in [stride] + [1] * (num_blocks - 1):
            layers.append(BasicBlock(self.in_planes, planes, s))
            self.in_planes = planes
        return nn.Sequential(*layers)

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.layer2(self.layer1(out))
        out = F.adaptive_avg_pool2d(out, 1).flatten(1)
        return self.linear(out)


torch.manual_seed(0)
model = ResNet()
print("params:", sum(p.numel() for p in model.parameters()))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True, weight_decay=5e-4)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
step = torch.compile(model, backend="eager")
x = torch.randn(8, 3, 8, 8)
y = torch.randint(0, 4, (8,))
for epoch in range(5):
    model.train()
    opt.zero_grad()
    loss = criterion(step(x), y)
    loss.backward()
    opt.step()
    sched.step()
    print("epoch %d loss %.4f lr %.4f" % (epoch, loss.item(), sched.get_last_lr()[0]))
model.eval()
with torch.no_grad():
    pred = step(x).argmax(1)
print("accuracy %.3f" % (pred == y).float().mean().item())
print("running mean", model.bn1.running_mean[:3])
