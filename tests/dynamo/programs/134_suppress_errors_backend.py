# suppress_errors: a backend exception is logged (WON'T CONVERT) and the frame runs eagerly
import torch

torch._dynamo.config.suppress_errors = True


def failing_backend(gm, example_inputs):
    raise ValueError("backend refused")


@torch.compile(backend=failing_backend)
def fn(x):
    return x + 1


print(fn(torch.ones(2)))
print(fn(torch.ones(2)))
