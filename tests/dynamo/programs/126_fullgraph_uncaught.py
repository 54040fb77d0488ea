# an uncaught fullgraph error: the traceback shows only user frames, then PyTorch's message
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    y = x + 1
    print("hi")
    return y


def main():
    return fn(torch.ones(2))


print("start")
main()
