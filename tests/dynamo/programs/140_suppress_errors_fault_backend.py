# suppress_errors with relu_compile_error_TESTING_ONLY: the failing frame falls back to eager
import torch

torch._dynamo.config.suppress_errors = True


@torch.compile(backend="relu_compile_error_TESTING_ONLY")
def fn(x):
    return torch.relu(x) - 1


x = torch.tensor([-2.0, 2.0])
print(fn(x))
print(torch.equal(fn(x), torch.relu(x) - 1))
