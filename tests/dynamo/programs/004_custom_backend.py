# a user backend callable: receives the graph module and example inputs and returns gm.forward
import torch

seen = []


def my_backend(gm, example_inputs):
    seen.append([tuple(t.shape) for t in example_inputs])
    seen.append(sorted(set(n.op for n in gm.graph.nodes)))
    return gm.forward


@torch.compile(backend=my_backend)
def fn(x, y):
    return (x @ y).relu() + 1


x = torch.arange(6.0).reshape(2, 3)
y = torch.ones(3, 2)
print(fn(x, y))
for entry in seen:
    print(entry)
print(len(seen))
fn(x, y)
print(len(seen))
