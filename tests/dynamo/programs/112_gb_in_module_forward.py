# a graph break inside a compiled module's forward splits it like a function
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.full((2,), 2.0))

    def forward(self, x):
        y = x * self.scale
        torch._dynamo.graph_break()
        return y.relu()


net = torch.compile(Net(), backend=cnt)
print(net(torch.tensor([-1.0, 1.0])))
print(cnt.frame_count, cnt.op_count)
