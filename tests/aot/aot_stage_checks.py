#!/usr/bin/env python3
"""Checks of the AOT stage that have no PyTorch output to compare with:
refc's refusal of backends not built yet, the counted applications of the
decomposition subsystem and their control by 2.14's TORCH_BISECT_*
variables, the TESTING_ONLY faults of the stage, the min-cut partitioner's
logged reasons, and the torch._decomp / aot_autograd API on custom tables.
Each check runs a small program under refc with its environment and asserts
on what it prints. Standard library only.

Usage: aot_stage_checks.py --refc PATH
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SOFTMAX = """
import torch
def f(x):
    return x.softmax(-1).sum(-1)
torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
out = torch.compile(f, backend="aot_eager_decomp_partition")(x)
out.sum().backward()
print("correct", torch.allclose(out, f(x)))
for app in torch._C._backends.counted_applications():
    print("application", *app)
"""

CHECKS = []


def check(name, program, env=None):
    def register(fn):
        CHECKS.append((name, program, env or {}, fn))
        return fn
    return register


@check("inductor is refused by name", """
import torch
try:
    torch.compile(lambda x: x + 1, backend="inductor")(torch.ones(2))
except Exception as e:
    print(type(e).__name__, e)
""")
def _(out, err):
    assert out.startswith("BackendNotAvailable backend='inductor' is not available yet in refc"), out


@check("every decomposition is a counted application, in trace order", SOFTMAX)
def _(out, err):
    apps = [line.split()[1:] for line in out.splitlines() if line.startswith("application")]
    assert "correct True" in out, out
    assert [a[1] for a in apps] == [str(i) for i in range(len(apps))], apps
    assert all(a[0] == "decomposition" and a[4] == "True" for a in apps), apps
    ops = [a[3] for a in apps]
    assert ops[:2] == ["aten._softmax.default", "aten._softmax_backward_data.default"], ops


@check("a wrong decomposition gives a wrong result", SOFTMAX,
       {"TORCH_AOT_INJECT_DECOMPOSITION_FAULT_TESTING_ONLY": "aten._softmax.default"})
def _(out, err):
    assert "correct False" in out, out


@check("TORCH_BISECT_MAX=-1 turns every decomposition off", SOFTMAX,
       {"TORCH_AOT_INJECT_DECOMPOSITION_FAULT_TESTING_ONLY": "aten._softmax.default",
        "TORCH_BISECT_BACKEND": "aot_eager_decomp_partition", "TORCH_BISECT_SUBSYSTEM": "decomposition",
        "TORCH_BISECT_MAX": "-1"})
def _(out, err):
    assert "correct True" in out, out
    assert all(line.endswith("False") for line in out.splitlines() if line.startswith("application")), out


@check("TORCH_BISECT_MAX=0 keeps only application 0 (the culprit)", SOFTMAX,
       {"TORCH_AOT_INJECT_DECOMPOSITION_FAULT_TESTING_ONLY": "aten._softmax.default",
        "TORCH_BISECT_BACKEND": "aot_eager_decomp_partition", "TORCH_BISECT_SUBSYSTEM": "decomposition",
        "TORCH_BISECT_MAX": "0"})
def _(out, err):
    apps = [line.split() for line in out.splitlines() if line.startswith("application")]
    assert "correct False" in out, out
    assert apps[0][-1] == "True" and all(a[-1] == "False" for a in apps[1:]), apps


@check("another backend's bisection leaves decompositions on", SOFTMAX,
       {"TORCH_BISECT_BACKEND": "inductor", "TORCH_BISECT_SUBSYSTEM": "decomposition", "TORCH_BISECT_MAX": "-1"})
def _(out, err):
    assert all(line.endswith("True") for line in out.splitlines() if line.startswith("application")), out


@check("a partitioner that drops a saved tensor fails the compile", SOFTMAX,
       {"TORCH_AOT_INJECT_PARTITIONER_FAULT_TESTING_ONLY": "1"})
def _(out, err):
    assert "BackendCompilerFailed" in err and "partitioning needs primals_1" in err, err


@check("the min-cut partitioner logs why it saves each value", """
import torch
def f(x, w):
    return torch.tanh(x @ w).sum()
x = torch.randn(4, 4, requires_grad=True)
w = torch.randn(4, 4, requires_grad=True)
torch.compile(f, backend="aot_eager_decomp_partition")(x, w).backward()
""", {"TORCH_LOGS": "+torch._functorch.partitioners"})
def _(out, err):
    assert "min-cut partition: " in err, err
    assert "saved mm (64 bytes): banned from recompute: a compute-intensive op (never recomputed)" in err, err
    assert "(64 bytes): cheaper to save than to recompute from what is saved" in err, err
    assert "recomputed in the backward: tanh" in err, err


@check("torch._decomp tables hold callable decompositions", """
import torch
from torch._decomp import core_aten_decompositions, get_decompositions
from torch._inductor.decomposition import select_decomp_table
aten = torch.ops.aten
core = core_aten_decompositions()
print(aten.gelu_backward.default in core, aten._softmax.default in core, aten._softmax.default in select_decomp_table())
print(sorted(str(k) for k in get_decompositions([aten.gelu, aten.silu_backward.default])))
x = torch.randn(5)
print(torch.allclose(select_decomp_table()[aten._softmax.default](x, 0, False), x.softmax(0)))
print(core[aten.t.default](torch.ones(3)) is NotImplemented)
""")
def _(out, err):
    assert out.splitlines() == ["True False True", "['aten.gelu.default', 'aten.silu_backward.default']", "True",
                                "True"], out


@check("aot_autograd applies a Python decomposition and the min-cut partitioner", """
import torch
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.partitioners import min_cut_rematerialization_partition
aten = torch.ops.aten
seen = []
def my_sin(x):
    seen.append("sin")
    return aten.cos.default(x - 1.5707963267948966)
graphs = []
def compiler(gm, example_inputs):
    graphs.append(sorted({n.target.__name__ if hasattr(n.target, "__name__") else str(n.target)
                          for n in gm.graph.nodes if n.op == "call_function"}))
    return gm
backend = aot_autograd(fw_compiler=compiler, decompositions={aten.sin.default: my_sin},
                       partition_fn=min_cut_rematerialization_partition)
x = torch.randn(4, requires_grad=True)
out = torch.compile(lambda x: x.sin() * 2, backend=backend)(x)
out.sum().backward()
print(seen, torch.allclose(out, x.sin() * 2, atol=1e-6), torch.allclose(x.grad, 2 * x.cos(), atol=1e-6))
print(graphs[0])
""")
def _(out, err):
    lines = out.splitlines()
    assert lines[0] == "['sin'] True True", out
    assert "sin" not in lines[1] and "cos" in lines[1], out


@check("writes through views are functionalized (results and mutated inputs equal eager's)", """
import torch
def through_select(x):
    y = x.clone()
    y[1].mul_(3)
    return y.sin()
def through_transpose(x):
    y = x * 1
    y.t()[0].add_(1)
    return y.exp() + y
def through_chain(x):
    y = x.clone()
    v = y.view(3, 4)[:, 1:3]
    v.mul_(2)
    return y * 2, v.sum()
def input_view_write(x, buf):
    buf[0].add_(x.sum())
    return buf * x
def base_read_after_view_write(x):
    y = x + 0
    z = y.unsqueeze(0)
    z.mul_(2)
    return y.cos(), z.sin()
cases = [(through_select, lambda: [torch.randn(3, 4, requires_grad=True)]),
         (through_transpose, lambda: [torch.randn(3, 3, requires_grad=True)]),
         (through_chain, lambda: [torch.randn(12, requires_grad=True)]),
         (input_view_write, lambda: [torch.randn(3, requires_grad=True), torch.zeros(2, 3)]),
         (base_read_after_view_write, lambda: [torch.randn(4, requires_grad=True)])]
for backend in ["aot_eager", "aot_eager_decomp_partition"]:
    results = []
    for fn, make in cases:
        torch.manual_seed(0)
        args = make()
        ref = [a.detach().clone().requires_grad_(a.requires_grad) for a in args]
        out = torch.compile(fn, backend=backend)(*args)
        exp = fn(*ref)
        out, exp = (out if isinstance(out, tuple) else (out,)), (exp if isinstance(exp, tuple) else (exp,))
        sum(o.sum() for o in out).backward()
        sum(e.sum() for e in exp).backward()
        results.append(all(torch.allclose(a, b, atol=1e-5) for a, b in zip(out, exp))
                       and all(torch.allclose(a, b) for a, b in zip(args, ref))
                       and all(a.grad is None or torch.allclose(a.grad, b.grad, atol=1e-5) for a, b in zip(args, ref)))
    print(backend, results)
""")
def _(out, err):
    assert out.splitlines() == ["aot_eager [True, True, True, True, True]",
                                "aot_eager_decomp_partition [True, True, True, True, True]"], out + err


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", required=True)
    args = parser.parse_args()
    failures = 0
    for name, program, env, verify in CHECKS:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "check.py"
            path.write_text(program)
            clean = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH_", "TORCHDYNAMO_"))}
            r = subprocess.run([os.path.abspath(args.refc), "run", path.name], cwd=tmp, capture_output=True,
                               text=True, timeout=300, env=dict(clean, **env))
        try:
            verify(r.stdout, r.stderr)
            print(f"PASS {name}")
        except AssertionError as e:
            failures += 1
            print(f"FAIL {name}: {e}\n--- stderr\n{r.stderr[-1500:]}")
    print(f"{len(CHECKS) - failures} of {len(CHECKS)} AOT stage checks pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
