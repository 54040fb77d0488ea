# aot_autograd(fw_compiler=..., bw_compiler=...): a custom backend sees the forward graph at compile time and the backward at the first backward
import torch
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import make_boxed_func


def compiler(name):
    def compile_graph(gm, example_inputs):
        ops = [str(n.target) for n in gm.graph.nodes if n.op == "call_function"]
        print(name, ops, [tuple(t.shape) for t in example_inputs])
        return make_boxed_func(gm.forward) if name == "backward" else gm.forward
    return compile_graph


backend = aot_autograd(fw_compiler=compiler("forward"), bw_compiler=compiler("backward"))


def f(x, y):
    return (x.sin() * y).sum(), x.cos()


x = torch.randn(3, requires_grad=True)
y = torch.randn(3)
a, b = torch.compile(f, backend=backend)(x, y)
print("called", a.grad_fn.name())
(a + b.sum()).backward()
print(torch.allclose(x.grad, x.cos() * y - x.sin()))
with torch.no_grad():
    print(torch.compile(f, backend=backend)(x, y)[1].requires_grad)
