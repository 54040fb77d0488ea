# the backend ablation of the troubleshooting guide: one training step under eager, aot_eager and aot_eager_decomp_partition, each against uncompiled eager
import torch
import torch.nn.functional as F


def step(x, w, target):
    h = F.gelu(x @ w)
    return F.cross_entropy(F.layer_norm(h, (5,)), target)


def run(backend):
    torch.manual_seed(0)
    x = torch.randn(4, 3)
    w = torch.randn(3, 5, requires_grad=True)
    target = torch.tensor([0, 2, 4, 1])
    fn = step if backend is None else torch.compile(step, backend=backend)
    loss = fn(x, w, target)
    loss.backward()
    return loss.detach(), w.grad


torch._dynamo.reset()
ref_loss, ref_grad = run(None)
print("eager loss", round(ref_loss.item(), 5))
for backend in ["eager", "aot_eager", "aot_eager_decomp_partition"]:
    torch._dynamo.reset()
    loss, grad = run(backend)
    print(backend, "loss", torch.equal(loss, ref_loss), "grad", torch.allclose(grad, ref_grad, rtol=1e-4, atol=1e-5))
print("listed:", [b in torch._dynamo.list_backends(exclude_tags=()) for b in ["eager", "aot_eager", "aot_eager_decomp_partition"]],
      "debug backends left out:", [b for b in torch._dynamo.list_backends() if b.startswith(("eager", "aot"))])
