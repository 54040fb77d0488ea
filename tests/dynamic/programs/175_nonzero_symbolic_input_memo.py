# capture_dynamic_output_shape_ops with dynamic=True: nonzero of a symbolic-size input is u0 bounded by sys.maxsize - 1 (no upper assert); nonzero twice of one tensor shares u0; an empty input gives size 0
# env: TORCH_LOGS=graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_dynamic_output_shape_ops = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    idx = torch.nonzero(x)
    again = torch.nonzero(x)
    empty = torch.nonzero(torch.zeros(0))
    return idx.sum() + again.sum() + y.sum(), torch.nonzero(y).shape[0], empty.shape


opt = torch.compile(fn, backend=cnt, dynamic=True)
for x, y in ((torch.tensor([1.0, 0.0, 2.0]), torch.ones(2, 3)),
             (torch.tensor([1.0, 0.0, 2.0, 4.0]), torch.eye(3)),
             (torch.zeros(5), torch.zeros(2, 4))):
    got, want = opt(x, y), fn(x, y)
    print(got[1:] == want[1:], torch.equal(got[0], want[0]), cnt.frame_count)
