# aot_eager: a Linear+relu module's forward and backward ATen graphs (TORCH_LOGS=aot_graphs), loss and gradients against eager
import torch

torch._logging.set_logs(aot_graphs=True)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x):
        y = self.lin(x).relu()
        return (y * 2).sum(), y.sin()


torch.manual_seed(0)
m = M()
x = torch.randn(2, 4)
a, b = torch.compile(m, backend="aot_eager")(x)
(a + b.sum()).backward()
compiled_grads = [p.grad.clone() for p in m.parameters()]
print(a, b.grad_fn.name())
m.zero_grad()
ea, eb = m(x)
(ea + eb.sum()).backward()
print(torch.equal(a, ea), torch.equal(b, eb))
print([torch.equal(g, p.grad) for g, p in zip(compiled_grads, m.parameters())])
