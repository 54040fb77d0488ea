# without suppress_errors a failing backend raises BackendCompilerFailed naming the backend
import torch


def failing_backend(gm, example_inputs):
    raise ValueError("backend refused")


@torch.compile(backend=failing_backend)
def fn(x):
    return x + 1


try:
    fn(torch.ones(2))
except Exception as e:
    lines = str(e).splitlines()
    print(type(e).__name__)
    print(lines[0])
    print(lines[1])
