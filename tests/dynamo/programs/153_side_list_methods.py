# list.pop, extend, insert and item assignment on an argument list
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(xs):
    last = xs.pop()
    xs.extend([last * 2, last * 3])
    xs.insert(0, last - 1)
    xs[1] = xs[1] + 100
    return len(xs)


xs = [torch.tensor([1.0]), torch.tensor([2.0]), torch.tensor([3.0])]
print(fn(xs))
print(xs)
print(cnt.frame_count)
