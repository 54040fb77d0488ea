# torch.cond outside torch.compile runs like if/else: the branch the predicate picks, with the operands it is given
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return torch.cond(x.max() > y.max(), lambda a, b: a - b, lambda a, b: b - a, (x, y))


opt = torch.compile(fn, backend=cnt)
x, y = torch.tensor([1.0, 5.0]), torch.tensor([2.0, 3.0])
print(fn(x, y))
print(fn(y, x))
print(torch.equal(opt(x, y), fn(x, y)), torch.equal(opt(y, x), fn(y, x)))
print(torch.cond(torch.tensor(False), lambda a: a * 10, lambda a: a * 100, (x,)))
print("frames", cnt.frame_count)
