# The AOT Autograd corpus: each function compiled with backend="aot_eager" (or the backend named by argv[1];
# TORCH_LOGS=aot_graphs), called on inputs that require grad and backpropagated; prints whether
# result and gradients equal eager.
import sys
import torch
import torch.nn as nn
import torch.nn.functional as F

torch._logging.set_logs(aot_graphs=True)
torch.manual_seed(0)


def pointwise_chain(x):
    return (x.sin() * 2 + x.cos()).exp().tanh()


def pointwise_binary(x, y):
    return torch.where(x > y, x * y, x - y).sigmoid() / (y.abs() + 1)


def activations(x):
    return F.relu(x) + F.gelu(x) + F.silu(x) + F.leaky_relu(x, 0.1) + F.elu(x)


def clamp_pow(x):
    return x.clamp(-0.5, 0.5).pow(3) + x.sqrt().rsqrt() + x.log1p()


def reductions(x):
    return x.sum(dim=1).mean() + x.amax(dim=0).sum() + x.var(dim=1).sum() + x.norm()


def keepdim_reductions(x):
    return x - x.mean(dim=-1, keepdim=True) / x.std(dim=-1, keepdim=True)


def views(x):
    return x.view(4, 3).t().reshape(-1).unsqueeze(0).expand(2, 12).sum(0)


def transpose_matmul(x, y):
    return (x.transpose(0, 1) @ y).relu()


def inplace_on_intermediate(x):
    y = x * 2
    y.add_(1)
    y.mul_(x)
    return y.sum()


def view_slice_select(x):
    return x[1:, ::2].sum() + x[0].sum() + x.narrow(1, 1, 2).prod()


def cat_stack_split(x, y):
    a, b = torch.cat([x, y], dim=0).split(3, dim=0)
    return torch.stack([a, b]).sum(0) * x


def linear_layer(x, w, b):
    return F.linear(x, w, b).tanh()


def matmul_batched(x, y):
    return torch.bmm(x, y).softmax(dim=-1)


def softmax_logsoftmax(x):
    return x.softmax(dim=-1) + x.log_softmax(dim=0)


def layer_norm(x, w, b):
    return F.layer_norm(x, (4,), w, b)


def cross_entropy(logits, target):
    return F.cross_entropy(logits, target)


def mse_and_l1(x, y):
    return F.mse_loss(x, y) + F.l1_loss(x, y)


def embedding(idx, table):
    return F.embedding(idx, table).sum(dim=1)


def conv2d(x, w, b):
    return F.conv2d(x, w, b, padding=1).relu().sum()


def max_pool(x):
    return F.max_pool2d(x, 2).sum() + F.avg_pool2d(x, 2).sum()


def batch_norm_train(x, w, b):
    return F.batch_norm(x, None, None, w, b, training=True)


def sdpa(q, k, v):
    return F.scaled_dot_product_attention(q, k, v, is_causal=True)


def dropout_eval(x):
    return F.dropout(x, p=0.5, training=False) * 3


def gather_index(x, idx):
    return x.gather(1, idx).sum() + x[idx[:, 0]].sum()


def cumsum_flip(x):
    return x.cumsum(dim=1).flip(0) * x


def masked_fill(x):
    return x.masked_fill(x > 0.5, 0.0).sum(dim=0)


def baddbmm_addcmul(x, a, b):
    return torch.addcmul(x, a, b, value=0.5)


def outer_einsum(x, y):
    return torch.einsum("i,j->ij", x, y).sum(0)


def multiple_outputs(x):
    return x.sin(), x.cos().sum(), x * 3


def gelu_mlp(x, w1, w2):
    return F.linear(F.gelu(F.linear(x, w1)), w2)


def attention_block(x, wqkv, wo):
    q, k, v = F.linear(x, wqkv).split(8, dim=-1)
    q = q.view(2, 5, 2, 4).transpose(1, 2)
    k = k.view(2, 5, 2, 4).transpose(1, 2)
    v = v.view(2, 5, 2, 4).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * (1.0 / 2.0)
    att = att.masked_fill(torch.ones(5, 5).tril() == 0, float("-inf")).softmax(dim=-1)
    y = (att @ v).transpose(1, 2).contiguous().view(2, 5, 8)
    return F.linear(y, wo)


def nanogpt_block(x, w_ln1, b_ln1, wqkv, wo, w_ln2, b_ln2, w_fc, w_proj):
    x = x + attention_block(F.layer_norm(x, (8,), w_ln1, b_ln1), wqkv, wo)
    h = F.layer_norm(x, (8,), w_ln2, b_ln2)
    return x + F.linear(F.gelu(F.linear(h, w_fc)), w_proj)


def input_mutation(x, buf):
    buf.add_(1)
    return x * buf


def aliased_outputs(x):
    y = x * 2
    return y, y.view(-1), y.t()


def view_inplace_update(x):
    y = x.clone()
    y.view(-1)[1:3].mul_(2)
    return y.exp()


def dropout_train(x):
    return F.dropout(x.relu(), 0.5, training=True)


def dynamic_pointwise(x):
    return (x.sin() * x.size(0) + x.cos()).sum(dim=1)


def dynamic_linear(x, w, b):
    return F.linear(x, w, b).relu().mean(dim=0)


def more_activations(x):
    return F.silu(x) + F.leaky_relu(x, 0.1) + F.hardtanh(x) + F.elu(x) + torch.sigmoid(x) * torch.tanh(x)


def log_softmax_nll(x, target):
    return F.nll_loss(F.log_softmax(x, dim=1), target)


def relu_mlp(x, w1, w2, w3):
    return (torch.relu(torch.relu(x @ w1) @ w2) @ w3).sum(dim=1)


def residual_pointwise(x, w):
    h = x @ w
    return h + (h.sigmoid() * h).exp() * 0.1


def r(*shape):
    return torch.randn(*shape, requires_grad=True)


CASES = [
    (pointwise_chain, lambda: [r(3, 4)]),
    (pointwise_binary, lambda: [r(3, 4), r(3, 4)]),
    (activations, lambda: [r(6)]),
    (clamp_pow, lambda: [torch.rand(5, requires_grad=True)]),
    (reductions, lambda: [r(3, 4)]),
    (keepdim_reductions, lambda: [r(3, 4)]),
    (views, lambda: [r(3, 4)]),
    (transpose_matmul, lambda: [r(3, 4), r(3, 5)]),
    (inplace_on_intermediate, lambda: [r(4)]),
    (view_slice_select, lambda: [r(3, 4)]),
    (cat_stack_split, lambda: [r(3, 2), r(3, 2)]),
    (linear_layer, lambda: [r(2, 4), r(3, 4), r(3)]),
    (matmul_batched, lambda: [r(2, 3, 4), r(2, 4, 5)]),
    (softmax_logsoftmax, lambda: [r(3, 4)]),
    (layer_norm, lambda: [r(2, 3, 4), r(4), r(4)]),
    (cross_entropy, lambda: [r(4, 5), torch.tensor([0, 2, 4, 1])]),
    (mse_and_l1, lambda: [r(3, 4), torch.randn(3, 4)]),
    (embedding, lambda: [torch.tensor([[0, 2], [1, 3]]), r(5, 3)]),
    (conv2d, lambda: [r(1, 2, 5, 5), r(3, 2, 3, 3), r(3)]),
    (max_pool, lambda: [r(1, 2, 4, 4)]),
    (batch_norm_train, lambda: [r(4, 3, 2), r(3), r(3)]),
    (sdpa, lambda: [r(1, 2, 4, 8), r(1, 2, 4, 8), r(1, 2, 4, 8)]),
    (dropout_eval, lambda: [r(3, 4)]),
    (gather_index, lambda: [r(3, 4), torch.tensor([[0, 1], [2, 0], [1, 1]])]),
    (cumsum_flip, lambda: [r(3, 4)]),
    (masked_fill, lambda: [r(3, 4)]),
    (baddbmm_addcmul, lambda: [r(3), r(3), r(3)]),
    (outer_einsum, lambda: [r(3), r(4)]),
    (multiple_outputs, lambda: [r(3)]),
    (gelu_mlp, lambda: [r(2, 4), r(8, 4), r(4, 8)]),
    (attention_block, lambda: [r(2, 5, 8), r(24, 8), r(8, 8)]),
    (nanogpt_block, lambda: [r(2, 5, 8), r(8), r(8), r(24, 8), r(8, 8), r(8), r(8), r(16, 8), r(8, 16)]),
    (input_mutation, lambda: [r(3), torch.zeros(3)]),
    (aliased_outputs, lambda: [r(3, 4)]),
    (view_inplace_update, lambda: [r(2, 3)]),
    (dropout_train, lambda: [r(4, 4)], {"random": True}),
    (dynamic_pointwise, lambda: [r(5, 3)], {"dynamic": True}),
    (dynamic_linear, lambda: [r(6, 4), r(3, 4), r(3)], {"dynamic": True}),
    (more_activations, lambda: [r(8)]),
    (log_softmax_nll, lambda: [r(4, 5), torch.tensor([1, 0, 4, 2])]),
    (relu_mlp, lambda: [r(4, 6), r(6, 8), r(8, 8), r(8, 3)]),
    (residual_pointwise, lambda: [r(4, 5), r(5, 5)]),
]


def backward_of(out):
    outs = out if isinstance(out, tuple) else (out,)
    return sum(o.sum() for o in outs)


BACKEND = sys.argv[1] if len(sys.argv) > 1 else "aot_eager"
# aot_eager runs eager's kernels in eager's order: results agree to rounding.
# Decompositions reorder arithmetic: PyTorch's same() tolerance.
TOL = 1e-6 if BACKEND == "aot_eager" else 1e-4


def close(a, b):
    return torch.allclose(a, b, atol=TOL, rtol=0 if BACKEND == "aot_eager" else TOL)


for fn, make, *options in CASES:
    options = options[0] if options else {}
    print("=== " + fn.__name__, file=sys.stderr)
    torch.manual_seed(1)
    args = make()
    eager_args = [a.detach().clone().requires_grad_(a.requires_grad) for a in args]
    if options.get("dynamic"):
        torch._dynamo.mark_dynamic(args[0], 0)
    try:
        torch.manual_seed(2)
        out = torch.compile(fn, backend=BACKEND, dynamic=False)(*args)
        backward_of(out).backward()
    except Exception as e:
        print(fn.__name__, "error:", type(e).__name__, str(e).splitlines()[0])
        continue
    torch.manual_seed(2)
    expected = fn(*eager_args)
    backward_of(expected).backward()
    outs = out if isinstance(out, tuple) else (out,)
    exp = expected if isinstance(expected, tuple) else (expected,)
    if options.get("random"):
        # Another backend may draw other random numbers: compare what holds for any draw.
        same = all(a.shape == b.shape and bool(((a == 0) | (b == 0) | torch.isclose(a, b, atol=TOL, rtol=TOL)).all())
                   for a, b in zip(outs, exp))
        grads = all(a.grad is not None and a.grad.shape == b.grad.shape for a, b in zip(args, eager_args))
    else:
        same = all(close(a, b) for a, b in zip(outs, exp))
        grads = all(a.grad is None and b.grad is None or close(a.grad, b.grad) for a, b in zip(args, eager_args))
    inputs = all(close(a, b) for a, b in zip(args, eager_args))
    print(fn.__name__, same, grads, inputs)
