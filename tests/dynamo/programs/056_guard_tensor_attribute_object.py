# an object holding a tensor and an int: swapping the tensor reuses the graph, changing the int does not
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


class State:
    def __init__(self):
        self.t = torch.ones(2)
        self.steps = 1


@torch.compile(backend=cnt, dynamic=False)
def step(s, x):
    return s.t * s.steps + x


s = State()
print(step(s, torch.ones(2)))
s.t = torch.full((2,), 3.0)
print(step(s, torch.ones(2)))
s.steps = 2
print(step(s, torch.ones(2)))
print(cnt.frame_count)
