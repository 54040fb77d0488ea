# relu_runtime_error_TESTING_ONLY compiles, then the graph fails when run with "ReluRuntimeError"
import torch


@torch.compile(backend="relu_runtime_error_TESTING_ONLY")
def fn(x):
    return torch.relu(x) * 2


x = torch.tensor([-1.0, 2.0])
for i in range(2):
    try:
        fn(x)
    except Exception as e:
        print(i, type(e).__name__, str(e))
