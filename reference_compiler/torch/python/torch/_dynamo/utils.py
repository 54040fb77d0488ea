"""torch._dynamo.utils, as PyTorch has it: the counters of what the tracer
did, and the accuracy oracle — whether a compiled result matches eager, as
PyTorch 2.14's same() decides it, with a verdict per output.

A tensor (or Python float) passes when allclose(ref, res, tol, tol) holds;
failing that, when a float64 reference is given, when the compiled result's
RMSE against it is at most `multiplier` times eager's plus tol / 10 (the
multiplier is 2, or 3 for float16/bfloat16 results, small tensors, 1x1
convolution outputs and loose tolerances, up to 10 when forced): a compiled
result may differ from eager as long as it is no further from the true
value. Without a float64 reference (integers) allclose decides alone. Bools
compare as uint8 (or by IoU), other Python values by ==, and containers
element by element.

same() is PyTorch's function: it stops at the first failing output and
reports it through log_error in PyTorch's words. compare() looks at every
output and returns their Verdicts, with the numbers the decision used."""

import collections
import logging
import math

import torch

log = logging.getLogger("torch._dynamo.utils")

# counters['graph_break'][reason], counters['stats']['unique_graphs'], ...
counters = collections.defaultdict(collections.Counter)


class Verdict:
    """One output's comparison: where it is in the result ('' for the whole,
    '[0]', "['loss']"), whether it passed, why not (PyTorch's message), and
    the RMSE test's numbers when it ran."""

    def __init__(self, path, ok, reason=None, res_error=None, ref_error=None, multiplier=None):
        self.path = path
        self.ok = ok
        self.reason = reason
        self.res_error = res_error
        self.ref_error = ref_error
        self.multiplier = multiplier

    def as_dict(self):
        return {"path": self.path, "ok": self.ok, "reason": self.reason, "res_error": self.res_error,
                "ref_error": self.ref_error, "multiplier": self.multiplier}

    def __repr__(self):
        text = "Verdict(%r, %s" % (self.path, "ok" if self.ok else "FAILED")
        if self.reason:
            text += ", %r" % (self.reason,)
        return text + ")"


class _Options:
    def __init__(self, cos_similarity, tol, equal_nan, exact_dtype, relax_numpy_equality, ignore_non_fp,
                 use_larger_multiplier_for_smaller_tensor, force_max_multiplier, use_iou_for_bool, iou_threshold):
        self.cos_similarity = cos_similarity
        self.tol = tol
        self.equal_nan = equal_nan
        self.exact_dtype = exact_dtype
        self.relax_numpy_equality = relax_numpy_equality
        self.ignore_non_fp = ignore_non_fp
        self.use_larger_multiplier_for_smaller_tensor = use_larger_multiplier_for_smaller_tensor
        self.force_max_multiplier = force_max_multiplier
        self.use_iou_for_bool = use_iou_for_bool
        self.iou_threshold = iou_threshold


class _Report:
    """Where the comparison's findings go: same() logs the first failure and
    stops; compare() goes on and keeps a Verdict per output."""

    def __init__(self, exhaustive, log_error):
        self.exhaustive = exhaustive
        self.log_error = log_error
        self.verdicts = []
        self._numbers = {}
        self._reason = None

    def error(self, fmt, *args):
        """Why the output at hand fails."""
        self.context(fmt, *args)
        if self._reason is None:
            self._reason = fmt % args if args else fmt

    def context(self, fmt, *args):
        """Where a failure below sits (logged only)."""
        if self.log_error is not None:
            self.log_error(fmt, *args)

    def numbers(self, **numbers):
        self._numbers = numbers

    def leaf(self, path, ok):
        self.verdicts.append(Verdict(path, ok, None if ok else self._reason, **self._numbers))
        self._numbers = {}
        self._reason = None
        return ok


def rmse(ref, res):
    """The root mean squared error of res against ref."""
    return torch.sqrt(torch.mean(torch.square(ref - res)))


def _sequence(value):
    return isinstance(value, (list, tuple, torch.Size))


def _same(ref, res, fp64_ref, o, report, path):
    if _sequence(ref):
        if not isinstance(res, (list, tuple)):
            raise AssertionError(f"type mismatch {type(ref)} {type(res)}")
        if len(ref) != len(res):
            report.error("Length mismatch")
            return report.leaf(path, False)
        ok = True
        for i in range(len(ref)):
            item = _same(ref[i], res[i], fp64_ref[i], o, report, "%s[%d]" % (path, i))
            ok = ok and item
            if not ok and not report.exhaustive:
                return False
        return ok
    if isinstance(ref, dict):
        if not isinstance(res, dict):
            raise AssertionError(f"Expected res to be a dict, got {type(res)}")
        if set(ref.keys()) != set(res.keys()):
            raise AssertionError(f"keys mismatch {set(ref.keys())} == {set(res.keys())}")
        ok = True
        for k in sorted(ref.keys()):
            if not _same(ref[k], res[k], fp64_ref[k], o, report, "%s[%r]" % (path, k)):
                report.context("Accuracy failed for key name %s", k)
                ok = False
                if not report.exhaustive:
                    return False
        return ok
    if isinstance(ref, set):
        if not isinstance(res, set):
            raise AssertionError(f"Expected res to be a set, got {type(res)}")
        if set(ref) != set(res):
            raise AssertionError(f"elements mismatch {set(ref)} == {set(res)}")
        return report.leaf(path, True)
    if isinstance(ref, (torch.Tensor, float)):
        return report.leaf(path, _same_tensor(ref, res, fp64_ref, o, report))
    if isinstance(ref, (str, int, type(None), bool, torch.device)):
        if o.ignore_non_fp:
            return report.leaf(path, True)
        ok = ref == res
        if not ok:
            report.error("Accuracy failed (%s): %s != %s", type(ref), ref, res)
        return report.leaf(path, ok)
    raise RuntimeError(f"unsupported type: {type(ref).__name__}")


def _tensor(value):
    return value if isinstance(value, torch.Tensor) else torch.tensor(value)


def _same_tensor(ref, res, fp64_ref, o, report):
    ref, res, fp64_ref = _tensor(ref), _tensor(res), _tensor(fp64_ref)
    tol = o.tol
    if not isinstance(res, torch.Tensor):
        raise AssertionError(f"type mismatch {type(ref)} {type(res)}")
    if o.exact_dtype:
        if ref.dtype != res.dtype:
            report.error("dtype mismatch %s, %s", ref.dtype, res.dtype)
            return False
        if ref.dtype == torch.bool:
            if o.ignore_non_fp:
                return True
            if o.use_iou_for_bool:
                intersection = (ref & res).sum().float()
                union = (ref | res).sum().float()
                if union == 0:
                    return bool(intersection == 0)
                iou = (intersection / union).item()
                if iou < o.iou_threshold:
                    report.error(
                        "IoU accuracy failed: %.4f < %.2f (intersection=%d, union=%d, ref_sum=%d, res_sum=%d, shape=%s)",
                        iou, o.iou_threshold, int(intersection.item()), int(union.item()), int(ref.sum().item()),
                        int(res.sum().item()), list(ref.shape))
                    return False
                return True
            ok = torch.allclose(ref.to(dtype=torch.uint8), res.to(dtype=torch.uint8), atol=tol, rtol=tol,
                                equal_nan=o.equal_nan)
            if not ok:
                report.error("Accuracy failed: uint8 tensor did not match")
            return ok
    if o.cos_similarity:
        ref = ref.flatten().to(torch.float32)
        res = res.flatten().to(torch.float32)
        if torch.allclose(ref, res, atol=tol, rtol=tol, equal_nan=True):
            return True
        score = torch.nn.functional.cosine_similarity(ref, res, dim=0, eps=1e-6)
        if score < 0.99:
            log.warning("Similarity score=%s", score.detach().cpu().item())
        return bool(score >= 0.99)
    if not o.exact_dtype:
        ref = ref.to(res.dtype)
    if torch.allclose(ref, res, atol=tol, rtol=tol, equal_nan=o.equal_nan):
        return True
    if fp64_ref.dtype == torch.float64:
        # Compiled free of eager's NaNs and close to the float64 value: better, not worse.
        loose_tol = 1e-2 * 4
        if (not fp64_ref.isnan().any() and not res.isnan().any() and ref.isnan().any()
                and torch.allclose(fp64_ref.to(dtype=res.dtype), res, atol=loose_tol, rtol=loose_tol,
                                   equal_nan=o.equal_nan)):
            return True
        ref_error = rmse(fp64_ref, ref).item()
        if math.isnan(ref_error):
            log.warning("Found nan in reference. Consider running in higher precision.")
        res_error = rmse(fp64_ref, res).item()
        multiplier = _multiplier(ref, res, fp64_ref, o)
        report.numbers(res_error=res_error, ref_error=ref_error, multiplier=multiplier)
        ok = res_error <= multiplier * ref_error + tol / 10.0
        if not ok and o.equal_nan and math.isnan(ref_error) and math.isnan(res_error):
            ok = True
        if not ok:
            report.error(
                "RMSE (res-fp64): %.5f, (ref-fp64): %.5f and shape=%s. res.dtype: %s, multiplier: %f, tol: %f"
                ", use_larger_multiplier_for_smaller_tensor: %d",
                res_error, ref_error, res.size(), res.dtype, multiplier, tol,
                o.use_larger_multiplier_for_smaller_tensor)
        return ok
    if o.ignore_non_fp:
        return True
    report.error("Accuracy failed: allclose not within tol=%s", tol)
    return False


def _multiplier(ref, res, fp64_ref, o):
    """How many times eager's error the compiled result may have."""
    if o.force_max_multiplier:
        return 10.0
    multiplier = 3.0 if res.dtype in (torch.float16, torch.bfloat16) else 2.0
    if o.use_larger_multiplier_for_smaller_tensor and fp64_ref.numel() <= 10:
        multiplier = 10.0
    elif o.use_larger_multiplier_for_smaller_tensor and fp64_ref.numel() <= 500:
        multiplier = 8.0
    elif fp64_ref.numel() < 1000 or (ref.ndim == 4 and ref.shape[-1] == ref.shape[-2] == 1) or o.tol >= 2 * 1e-2:
        multiplier = 3.0
    return multiplier


def same(ref, res, fp64_ref=None, cos_similarity=False, tol=1e-4, equal_nan=False, exact_dtype=True,
         relax_numpy_equality=False, ignore_non_fp=False, log_error=log.error,
         use_larger_multiplier_for_smaller_tensor=False, force_max_multiplier=False, use_iou_for_bool=False,
         iou_threshold=0.99):
    """Whether res matches ref (PyTorch's torch._dynamo.utils.same)."""
    o = _Options(cos_similarity, tol, equal_nan, exact_dtype, relax_numpy_equality, ignore_non_fp,
                 use_larger_multiplier_for_smaller_tensor, force_max_multiplier, use_iou_for_bool, iou_threshold)
    return _same(ref, res, ref if fp64_ref is None else fp64_ref, o, _Report(False, log_error), "")


def compare(ref, res, fp64_ref=None, *, cos_similarity=False, tol=1e-4, equal_nan=False, exact_dtype=True,
            relax_numpy_equality=False, ignore_non_fp=False, use_larger_multiplier_for_smaller_tensor=False,
            force_max_multiplier=False, use_iou_for_bool=False, iou_threshold=0.99):
    """Every output's Verdict (same()'s decision for each, without stopping
    at the first failure or logging)."""
    o = _Options(cos_similarity, tol, equal_nan, exact_dtype, relax_numpy_equality, ignore_non_fp,
                 use_larger_multiplier_for_smaller_tensor, force_max_multiplier, use_iou_for_bool, iou_threshold)
    report = _Report(True, None)
    _same(ref, res, ref if fp64_ref is None else fp64_ref, o, report, "")
    return report.verdicts
