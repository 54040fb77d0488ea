# a fault backend only fails for the graph that contains relu: here the one after a graph break
import torch
import torch._dynamo.testing


@torch.compile(backend="relu_runtime_error_TESTING_ONLY")
def fn(x):
    y = x * 2
    torch._dynamo.graph_break()
    return torch.relu(y)


try:
    fn(torch.tensor([-1.0, 1.0]))
except Exception as e:
    print(type(e).__name__, str(e))
print(fn.__name__)
