# Meta tensors: ops compute shapes, dtypes and strides without data; reading data raises.
import torch


def show(f):
    try:
        r = f()
        if isinstance(r, torch.Tensor):
            print(r.shape, r.dtype, r.stride(), r.device)
        else:
            print(r)
    except Exception as e:
        print(type(e).__name__, e)


x = torch.ones(3, 4, device="meta")
w = torch.empty(4, 5, device="meta", dtype=torch.float64)
show(lambda: x)
show(lambda: x @ w.float())
show(lambda: (x @ w.float()).softmax(-1).sum())
show(lambda: torch.nn.functional.layer_norm(x, (4,)))
show(lambda: torch.cat([x, x]).view(2, 12).t().contiguous())
show(lambda: torch.nn.functional.conv2d(torch.ones(1, 3, 8, 8, device="meta"), torch.ones(4, 3, 3, 3, device="meta")))
show(lambda: x.median())
show(lambda: torch.linalg.det(torch.ones(3, 3, device="meta")))
show(lambda: x.sort(dim=1).values)
show(lambda: torch.randn(3, device="meta"))
show(lambda: x.max(dim=1).indices)
show(lambda: x.cumsum(0))
show(lambda: torch.where(x > 0, x, 0.0))
show(lambda: torch.nn.functional.cross_entropy(torch.ones(2, 3, device="meta"), torch.zeros(2, dtype=torch.long, device="meta")))
show(lambda: x.repeat(2, 1))
show(lambda: x.index_select(0, torch.zeros(2, dtype=torch.long, device="meta")))
show(lambda: torch.nn.functional.embedding(torch.zeros(2, dtype=torch.long, device="meta"), x))
show(lambda: x.topk(2).values)
show(lambda: x.transpose(0, 1) * 2 + 1)
show(lambda: x.sum().item())
show(lambda: bool(x.sum() > 0))
show(lambda: x.tolist())
show(lambda: x.data_ptr())
show(lambda: torch.zeros(2, 3, device="meta").new_ones(5))
print(x, torch.ones(2, dtype=torch.int64, device="meta"), torch.ones(0, device="meta"))
