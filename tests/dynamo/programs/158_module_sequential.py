# compiling nn.Sequential: one graph for all layers
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
seq = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1))
with torch.no_grad():
    for p in seq.parameters():
        p.fill_(0.5)
opt = torch.compile(seq, backend=cnt)
x = torch.tensor([[1.0, -1.0], [0.0, 2.0]])
print(opt(x))
print(torch.equal(opt(x), seq(x)))
print(cnt.frame_count, cnt.op_count)
