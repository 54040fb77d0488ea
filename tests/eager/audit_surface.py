"""Audits refc's torch surface against PyTorch 2.14's documented ops.

The names are those of the sections of PyTorch's torch documentation page
(docs/source/torch.md) for pointwise, reduction, comparison, shape and
indexing ops and "Other Operations", with the trapezoid rules of the BLAS
section; for each, the torch.* function, the Tensor method of the same name
and its in-place `_` variant, plus the Tensor-only shape and indexing
methods of the Tensor page (tensors.md). Which of them exist is looked up
with hasattr, so the same file runs under both:

    ../shared/peer/torch-peer tests/eager/audit_surface.py > tests/eager/surface_2.14.txt
    build/bin/refc run tests/eager/audit_surface.py tests/eager/surface_2.14.txt

With no argument it prints the names the running torch has, one
`category name` line each (under the peer: 2.14's surface, committed as
surface_2.14.txt). Given that list, it prints each of its names the running
torch lacks, then one count line per category and a total.
"""

import sys
import torch

# The sections of torch.md, in its order (names only; the quantized and
# fake-quantize entries are kept: the audit reports them like any other).
SECTIONS = {
    "pointwise": """abs absolute acos arccos acosh arccosh add addcdiv addcmul angle asin arcsin asinh
        arcsinh atan arctan atanh arctanh atan2 arctan2 bitwise_not bitwise_and bitwise_or bitwise_xor
        bitwise_left_shift bitwise_right_shift ceil clamp clip conj_physical copysign cos cosh deg2rad
        div divide digamma erf erfc erfinv exp exp2 expm1 fake_quantize_per_channel_affine
        fake_quantize_per_tensor_affine fix float_power floor floor_divide fmod frac frexp gradient imag
        ldexp lerp lgamma log log10 log1p log2 logaddexp logaddexp2 logical_and logical_not logical_or
        logical_xor logit hypot i0 igamma igammac mul multiply mvlgamma nan_to_num neg negative nextafter
        polygamma positive pow quantized_batch_norm quantized_max_pool1d quantized_max_pool2d rad2deg
        real reciprocal remainder round rsqrt sigmoid sign sgn signbit sin sinc sinh softmax sqrt square
        sub subtract tan tanh true_divide trunc xlogy""",
    "reduction": """argmax argmin amax amin aminmax all any max min dist logsumexp mean nanmean median
        nanmedian mode norm nansum prod quantile nanquantile std std_mean sum unique unique_consecutive
        var var_mean count_nonzero""",
    "comparison": """allclose argsort eq equal ge greater_equal gt greater isclose isfinite isin isinf
        isposinf isneginf isnan isreal kthvalue le less_equal lt less maximum minimum fmax fmin ne
        not_equal sort topk msort""",
    "indexing": """adjoint argwhere cat concat concatenate conj chunk dsplit column_stack dstack gather
        hsplit hstack index_add index_copy index_reduce index_select masked_select movedim moveaxis
        narrow narrow_copy nonzero permute reshape row_stack select scatter diagonal_scatter
        select_scatter slice_scatter scatter_add scatter_reduce split squeeze stack swapaxes swapdims t
        take take_along_dim tensor_split tile transpose unbind unravel_index unsqueeze vsplit vstack
        where""",
    "other": """atleast_1d atleast_2d atleast_3d bincount block_diag broadcast_tensors broadcast_to
        broadcast_shapes bucketize cartesian_prod cdist clone combinations corrcoef cov cross cummax
        cummin cumprod cumsum diag diag_embed diagflat diagonal diff einsum flatten flip fliplr flipud
        kron rot90 gcd histc histogram histogramdd meshgrid lcm logcumsumexp ravel renorm
        repeat_interleave roll searchsorted tensordot trace tril tril_indices triu triu_indices
        unflatten vander view_as_real view_as_complex resolve_conj resolve_neg
        trapz trapezoid cumulative_trapezoid""",
}

# Tensor methods of tensors.md in these categories that have no torch.* function.
TENSOR_ONLY = """view view_as expand expand_as reshape_as repeat unfold contiguous index_fill index_put
    masked_fill masked_scatter put fill_ zero_ fill_diagonal_ clamp_min clamp_max sum_to_size
    split_with_sizes type_as"""


def candidates():
    """(category, name) for every name the audit looks up, in a fixed order."""
    for category, names in SECTIONS.items():
        for name in names.split():
            yield category, "torch." + name
            yield category, "Tensor." + name
            yield category, "Tensor." + name + "_"
    for name in TENSOR_ONLY.split():
        yield "indexing", "Tensor." + name
        if not name.endswith("_"):
            yield "indexing", "Tensor." + name + "_"


def exists(qualified):
    owner, name = qualified.split(".")
    return hasattr(torch if owner == "torch" else torch.Tensor, name)


def main():
    if len(sys.argv) < 2:
        seen = set()
        for category, qualified in candidates():
            if qualified not in seen and exists(qualified):
                seen.add(qualified)
                print(category, qualified)
        return
    totals = {}
    with open(sys.argv[1]) as listing:
        entries = [line.split() for line in listing if line.strip()]
    for category, qualified in entries:
        have, total = totals.get(category, (0, 0))
        present = exists(qualified)
        totals[category] = (have + (1 if present else 0), total + 1)
        if not present:
            print("missing", category, qualified)
    all_have = sum(have for have, _ in totals.values())
    all_total = sum(total for _, total in totals.values())
    for category, (have, total) in totals.items():
        print(f"{category}: {have} of {total}")
    print(f"total: {all_have} of {all_total}")


main()
