# what a backend receives: placeholder, call and output nodes named as Dynamo names them
import torch


def show_backend(gm, example_inputs):
    for node in gm.graph.nodes:
        print(node.op, node.name)
    print("inputs:", len(example_inputs))
    return gm.forward


@torch.compile(backend=show_backend)
def fn(x, y):
    z = x + y
    w = torch.relu(z)
    return w.sum(), z


out = fn(torch.ones(2), torch.tensor([-3.0, 1.0]))
print(out[0], out[1])
