# relu_accuracy_error_TESTING_ONLY silently computes x + 1 instead of relu: results differ from eager
import torch


def fn(x):
    return torch.relu(x) * 2


opt = torch.compile(fn, backend="relu_accuracy_error_TESTING_ONLY")
x = torch.tensor([-1.0, 0.0, 2.0])
print(opt(x))
print(fn(x))
print(torch.equal(opt(x), fn(x)))
