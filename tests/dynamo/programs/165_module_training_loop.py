# a compiled loss in an eager training loop (backward and SGD steps outside): compiled once, trains like eager
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
model = torch.nn.Linear(2, 1)
with torch.no_grad():
    model.weight.fill_(0.5)
    model.bias.zero_()
opt = torch.optim.SGD(model.parameters(), lr=0.125)
x = torch.tensor([[1.0, 2.0], [2.0, 0.0]])
y = torch.tensor([[1.0], [0.0]])


@torch.compile(backend=cnt)
def loss_fn(inp, target):
    return ((model(inp) - target) ** 2).mean()


for i in range(3):
    opt.zero_grad()
    loss = loss_fn(x, y)
    loss.backward()
    opt.step()
    print(loss)
print(model.weight, model.bias)
print(cnt.frame_count, cnt.op_count)
