"""`refc repro analyze FILE`: where a compiled graph goes wrong. It makes
the two checks PyTorch's repro_analyze makes: whether the compiled graph
gives the same results on two runs (nondeterminism), and, op by op,
whether each op's compiled value passes the accuracy oracle against eager
with a float64 reference. The graph is compiled once returning every op's
value (torch._C._minifier.probe_code), so the first op that fails is where
the compiler went wrong; the values after it inherit the error."""

import torch
import torch._C._minifier as _minifier
import torch._C._repro as _native
from torch._dynamo.repro import files
from torch._dynamo.repro.accuracy import clone_inputs, to_fp64
from torch._dynamo.utils import compare

_ALL_ROWS = 40  # ops: above this, only the first failing ones are listed
_FAILING_ROWS = 10


def _identical(a, b):
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.is_floating_point():
            return bool(((a == b) | (a.isnan() & b.isnan())).all())
        return bool((a == b).all())
    return a == b


def _number(x):
    return "" if x is None else "%.2e" % x


def analyze(path, args, *, backend, tolerance):
    """Prints the analysis; returns 0 when nothing is wrong, 1 otherwise."""
    code, ops, taken = _minifier.probe_code(path, list(args))
    args = [args[i] for i in taken]
    probe = files.module_of(_native.exec_source("import torch\nimport operator\n" + code, "<analyze>")["Repro"])
    print("analyze: %d ops, backend %r, tolerance %g" % (len(ops), backend, tolerance))
    compiled = torch.compile(probe, backend=backend)
    try:
        first = compiled(*clone_inputs(args))
        second = compiled(*clone_inputs(args))
    except Exception as e:
        print("analyze: the compiled graph fails (%s); `refc repro minify` reduces it to the op at fault"
              % files.error_summary(e))
        return 1
    unstable = [name for (name, _), a, b in zip(ops, first, second) if not _identical(a, b)]
    if unstable:
        print("nondeterminism: %d op(s) give different values on two runs, first %s" % (len(unstable), unstable[0]))
    else:
        print("nondeterminism: none (two runs give identical values)")

    ref = probe(*clone_inputs(args))
    fp64 = probe(*to_fp64(args))
    rows = []
    for (name, target), r, c, f in zip(ops, ref, first, fp64):
        verdicts = compare(r, c, f, tol=tolerance, equal_nan=True)
        bad = [v for v in verdicts if not v.ok]
        v = bad[0] if bad else (verdicts[0] if verdicts else None)
        rows.append((name, target, not bad, v))
    failing = [row for row in rows if not row[2]]
    shown = rows if len(rows) <= _ALL_ROWS else failing[:_FAILING_ROWS]
    if shown:
        print("accuracy, op by op (compiled and eager RMSE against float64):")
        print("  %-20s %-24s %-5s %-10s %s" % ("op", "target", "", "compiled", "eager"))
        for name, target, ok, v in shown:
            print("  %-20s %-24s %-5s %-10s %s"
                  % (name, target, "ok" if ok else "FAIL", _number(v and v.res_error), _number(v and v.ref_error)))
        if len(shown) < len(failing):
            print("  ... and %d more failing op(s)" % (len(failing) - len(shown)))
    if failing:
        name, target, _, v = failing[0]
        print("analyze: the first op whose compiled value is wrong is %s (%s), %d op(s) fail in all: %s"
              % (name, target, len(failing), (v.reason or "").split(" and shape=")[0] if v else ""))
    else:
        print("analyze: every op's compiled value passes the accuracy check")
    return 1 if failing or unstable else 0
