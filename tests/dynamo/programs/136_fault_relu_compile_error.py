# relu_compile_error_TESTING_ONLY raises at compile time when the graph calls torch.relu
import torch


@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def fn(x):
    return torch.relu(x) + 1


@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def no_relu(x):
    return x.abs() + 1


x = torch.tensor([-1.0, 2.0])
print(no_relu(x))
try:
    fn(x)
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
    print(str(e).splitlines()[1])
