# Writes the expected reprs for tests/unit/tensor_printer_test.cpp, recorded from
# real PyTorch 2.14. Run it under the PyTorch peer from the repo root and keep its stdout:
#
#   ../shared/peer/torch-peer \
#       tests/unit/tensor_printer_cases/generate.py > tests/unit/tensor_printer_cases/cases.txt
#
# Each case sets the default dtype and print options, builds a tensor from
# exactly representable, deterministic values (views made with permute, t(),
# slicing or expand keep their strides), and records the tensor fully — dtype,
# sizes, strides, storage offset, every storage element, device, autograd
# state — together with repr(t), or "Type: message" when repr raises. Format,
# one block per case:
#
#   case NAME
#   dtype float32
#   sizes 2 3                 (empty for a 0-d tensor)
#   strides 3 1
#   offset 0
#   storage 1.5 -0.0 nan ...  (Python reprs of the storage elements; absent on meta)
#   device meta               (only when not cpu)
#   default_dtype float64     (only when not float32)
#   options precision=2 ...   (torch.set_printoptions keyword arguments, if any)
#   autograd requires_grad | grad_fn AddBackward0   (if any)
#   expect
#   |tensor([[1.5000, 2.0000],
#   |        [3.0000, 4.0000]])
#   end
import math

import torch

inf = math.inf
nan = math.nan
CASES = []


def case(name, make, default_dtype=None, **options):
    CASES.append((name, make, default_dtype, options))


def T(values, dtype=None, **kw):
    return lambda: torch.tensor(values, dtype=dtype, **kw)


def ar(n, dtype=torch.float32, scale=1, shape=None):
    """arange(n) * scale in `dtype`, reshaped to `shape`."""

    def make():
        t = (torch.arange(n, dtype=torch.float64) * scale).to(dtype)
        return t.reshape(shape) if shape else t

    return make


def added(values, dtype=None):  # a non-leaf: x + x
    def make():
        x = torch.tensor(values, dtype=dtype, requires_grad=True)
        return x + x

    return make


def multiplied(values):  # a non-leaf: x * 2
    def make():
        x = torch.tensor(values, requires_grad=True)
        return x * 2

    return make


f16, bf16, f32, f64 = torch.float16, torch.bfloat16, torch.float32, torch.float64
i8, i16, i32, i64, u8, b = torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.bool

# -- floating values: fixed, int mode, scientific ------------------------------
case("f32_basic", T([1.5, 2.0, -3.25]))
case("f32_fraction_rounding", T([0.1, 0.25, 1 / 3]))
case("f32_int_mode", T([1.0, 2.0, 3.0]))
case("f32_int_mode_widths", T([-1.0, 20.0, 300.0]))
case("f32_zeros", T([0.0, 0.0]))
case("f32_neg_zero_fixed", T([-0.0, 1.5]))
case("f32_neg_zero_int_mode", T([-0.0, 1.0]))
case("f32_all_neg_zero", T([-0.0, -0.0]))
case("f32_nan_inf_fixed", T([nan, inf, -inf, 1.5]))
case("f32_nan_inf_int_mode", T([nan, inf, -inf, 2.0]))
case("f32_nan_inf_wide_int_mode", T([nan, 12345.0, -inf]))
case("f32_only_nan", T([nan, nan]))
case("f32_only_inf_and_zero", T([inf, -inf, 0.0]))
case("f32_alignment_negative", T([-1.5, 10.25, 100.0, -0.5]))
case("sci_auto_large", T([2.0**30, 1.0]))
case("sci_auto_small", T([2.0**-15, 1.0]))
case("sci_auto_ratio", T([0.5, 1000.5]))
case("sci_ratio_exactly_1000", T([0.5, 500.0]))
case("sci_ratio_just_over_1000", T([0.5, 500.25]))
case("sci_int_mode", T([1.0, 2.0**40]))
case("sci_negative_exponents", T([2.0**-20, -3.0, 2.0**40]))
case("sci_with_nan_inf", T([2.0**-16, nan, inf, -inf]))
case("sci_forced_on", T([1.5, 2.0]), sci_mode=True)
case("sci_forced_on_int_mode", T([1.0, -2.0, 0.0]), sci_mode=True)
case("sci_forced_on_all_zero", T([0.0, -0.0]), sci_mode=True)
case("sci_forced_off_small_large", T([2.0**-17, 2.0**30]), sci_mode=False)
case("sci_forced_off_huge_int", T([1e20, 1.0]), sci_mode=False)
case("sci_forced_off_tiny", T([2.0**-30, 1.5]), sci_mode=False)
case("precision_2", T([1.125, 2.5, -0.375]), precision=2)
case("precision_8", T([1 / 3, 2 / 3, 1.0], dtype=f64), precision=8)
case("precision_8_sci", T([1 / 3, 2.0**-20], dtype=f64), precision=8)
case("precision_0", T([1.5, 2.5, 0.25]), precision=0)
case("precision_0_sci", T([1.5, 2.0**-20]), precision=0)
case("precision_negative", T([1.5]), precision=-1)

# -- every dtype ---------------------------------------------------------------
case("f64_suffix", T([1.5, -2.0], dtype=f64))
case("f16_values", T([0.5, 1.25, -2.0], dtype=f16))
case("f16_sci", T([65504.0, 2.0**-14], dtype=f16))
case("f16_int_mode", T([3.0, -4.0], dtype=f16))
case("bf16_values", T([0.5, 1.0078125, -3.0], dtype=bf16))
case("bf16_large", T([2.0**100, 1.0], dtype=bf16))
case("bf16_nan_inf", T([nan, -inf, 1.5], dtype=bf16))
case("i64_values", T([1, -20, 300]))
case("i64_extremes", T([2**62, -(2**63), 0]))
case("i32_suffix", T([1, 2, -3], dtype=i32))
case("i16_suffix", T([-32768, 32767], dtype=i16))
case("i8_suffix", T([-128, 5, 127], dtype=i8))
case("u8_suffix", T([0, 7, 255], dtype=u8))
case("bool_1d", T([True, False, True]))
case("bool_2d", T([[True, False], [False, False]]))

# -- 0-d ---------------------------------------------------------------------
case("scalar_f32", T(3.5))
case("scalar_f32_int_mode", T(-4.0))
case("scalar_i64", T(7))
case("scalar_i32", T(-5, dtype=i32))
case("scalar_bool", T(False))
case("scalar_nan", T(nan))
case("scalar_neg_zero", T(-0.0))
case("scalar_sci", T(2.0**-20))
case("scalar_f16", T(1.5, dtype=f16))
case("scalar_requires_grad", T(2.0, requires_grad=True))
case("scalar_threshold_0", T(2.5), threshold=0)

# -- 2-d .. 4-d ------------------------------------------------------------------
case("f32_2d", T([[1.5, 2.0], [3.0, 4.25]]))
case("f32_2d_int_mode", T([[1.0, -2.0, 3.0], [40.0, 5.0, 6.0]]))
case("f32_3d", ar(24, scale=0.5, shape=(2, 3, 4)))
case("i64_4d", ar(36, dtype=i64, shape=(2, 3, 2, 3)))
case("f32_4d_sci", ar(16, scale=2.0**-18, shape=(2, 2, 2, 2)))
case("shape_1x1", T([[5.0]]))
case("shape_3x1", T([[1], [2], [3]]))
case("shape_1x3", T([[1.5, 2.5, 3.5]]))
case("shape_2x1x1x2", T([[[[1, 2]]], [[[3, 4]]]], dtype=i32))

# -- empty ---------------------------------------------------------------------
case("empty_f32_1d", lambda: torch.empty(0))
case("empty_f32_2d", lambda: torch.empty(0, 3))
case("empty_i64_1d", lambda: torch.empty(0, dtype=i64))
case("empty_bool_3d", lambda: torch.empty(2, 0, 3, dtype=b))
case("empty_f16", lambda: torch.empty(3, 0, dtype=f16))
case("empty_requires_grad", lambda: torch.empty(0, requires_grad=True))
case("empty_f64_default_f64", lambda: torch.empty(0, dtype=f64), default_dtype=f64)

# -- summarisation -------------------------------------------------------------
case("summary_1d_f32", ar(1001, scale=0.5))
case("summary_1d_i64", ar(2000, dtype=i64))
case("summary_1d_just_over", ar(7), threshold=6)
case("summary_1d_not_over_2_edges", ar(6), threshold=5)
case("summary_2d", ar(1600, scale=0.25, shape=(40, 40)))
case("summary_2d_few_rows", ar(1100, dtype=i64, shape=(2, 550)))
case("summary_3d", ar(1331, dtype=i32, shape=(11, 11, 11)))
case("summary_4d", ar(1296, shape=(6, 6, 6, 6)))
# The hidden middle does not take part in choosing the format.
case("summary_hidden_middle", lambda: torch.cat([torch.arange(3.0), torch.full((1000,), 2.0**40), torch.arange(3.0)]))
case("summary_hidden_middle_int", lambda: torch.cat([torch.arange(3), torch.full((1000,), -(10**12)), torch.arange(3)]))
case("threshold_5_doc", ar(10, dtype=i64), threshold=5)
case("edgeitems_1", ar(25, shape=(5, 5)), threshold=5, edgeitems=1)
case("edgeitems_5", ar(1200, dtype=i64, shape=(12, 100)), edgeitems=5)
case("edgeitems_5_1d", ar(20), threshold=10, edgeitems=5)
case("edgeitems_0_1d", ar(10), threshold=3, edgeitems=0)
case("edgeitems_0_2d", ar(10, shape=(2, 5)), threshold=3, edgeitems=0)
case("edgeitems_0_not_summarised", ar(6, dtype=i64, shape=(2, 3)), edgeitems=0)
case("edgeitems_negative_1d", ar(6), threshold=3, edgeitems=-1)
case("edgeitems_negative_2d", ar(6, shape=(2, 3)), threshold=3, edgeitems=-1)
case("threshold_fractional", ar(3), threshold=2.5)

# -- profiles ------------------------------------------------------------------
case("profile_short", T([1.2345, 2.5]), profile="short")
case("profile_short_summary", ar(1500, dtype=i64), profile="short")
case("profile_full", ar(1001, dtype=i64), profile="full")
case("profile_full_2d", ar(1050, dtype=i32, shape=(35, 30)), profile="full")
case("profile_default_override", T([1.2345, 2.5]), profile="default", precision=6)
case("profile_unknown", T([1.2345, 2.5]), profile="fancy", precision=3)

# -- line width ----------------------------------------------------------------
case("wrap_default", ar(30, scale=0.5))
case("wrap_int", ar(40, dtype=i64, scale=1000))
case("linewidth_40", ar(20, scale=0.25), linewidth=40)
case("linewidth_120", ar(40, scale=0.25), linewidth=120)
case("linewidth_40_2d", ar(24, scale=1.5, shape=(2, 12)), linewidth=40)
case("linewidth_tiny", ar(4, scale=0.5), linewidth=5)
case("wrap_summary", ar(1001, scale=0.125), linewidth=40)
case("wrap_summary_edge_5", ar(2000, dtype=i64), edgeitems=5, linewidth=40)

# -- suffixes ------------------------------------------------------------------
case("suffix_dtype_breaks", ar(17, dtype=i32, scale=1000))
case("suffix_dtype_fits", ar(5, dtype=i32))
case("suffix_grad_fn_breaks", added([float(i) for i in range(15)]))
case("suffix_two_break", added([float(i) for i in range(12)], dtype=f64))
case("suffix_linewidth_40", T([1.5, 2.0, 3.0], dtype=f64), linewidth=40)
case("grad_fn_add", added([1.0, 1.5]))
case("grad_fn_mul_2d", multiplied([[1.0, 2.0], [3.0, 4.0]]))
case("requires_grad_leaf", T([1.0, 2.5], requires_grad=True))
case("requires_grad_2d", T([[1.0, 2.0], [3.0, 4.0]], requires_grad=True))
case("requires_grad_f64", T([1.0, 2.5], dtype=f64, requires_grad=True))
case("grad_fn_f16", added([1.0, 2.5], dtype=f16))
case("meta_f32", lambda: torch.empty(2, 3, device="meta"))
case("meta_i64", lambda: torch.empty(4, dtype=i64, device="meta"))
case("meta_0d", lambda: torch.empty((), dtype=f16, device="meta"))
case("meta_empty", lambda: torch.empty(0, 2, device="meta"))
case("meta_requires_grad", lambda: torch.empty(3, device="meta", requires_grad=True))

# -- default dtype float64 ---------------------------------------------------------
case("default_f64_f64", T([1.5, 2.0]), default_dtype=f64)
case("default_f64_f32", T([1.5, 2.0], dtype=f32), default_dtype=f64)
case("default_f64_empty_f32", lambda: torch.empty(0, dtype=f32), default_dtype=f64)
case("default_f64_i64", T([1, 2]), default_dtype=f64)
case("default_f64_meta_f64", lambda: torch.empty(2, device="meta"), default_dtype=f64)

# -- non-contiguous views --------------------------------------------------------
case("transposed_2d", lambda: ar(6, scale=0.5, shape=(2, 3))().t())
case("transposed_int", lambda: ar(12, dtype=i32, shape=(3, 4))().t())
case("permuted_3d", lambda: ar(24, dtype=i64, shape=(2, 3, 4))().permute(2, 0, 1))
case("strided_slice", lambda: ar(10, scale=1.5)()[1::3])
case("offset_2d_slice", lambda: ar(20, dtype=i64, shape=(4, 5))()[1:3, 2:])
case("expanded", lambda: torch.tensor([1.5, -2.0]).expand(3, 2))
case("transposed_summary", lambda: ar(2500, scale=0.5, shape=(50, 50))().t())
case("negative_column_view", lambda: ar(8, dtype=i64, shape=(2, 4))()[:, 1])


def storage_list(t):
    with torch.no_grad():
        flat = torch.empty(0, dtype=t.dtype).set_(t.untyped_storage())
        return flat.tolist()


def value_text(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    return repr(v)


def main():
    for name, make, default_dtype, options in CASES:
        torch.set_default_dtype(default_dtype or torch.float32)
        torch.set_printoptions(profile="default")
        torch.set_printoptions(**options)
        t = make()
        try:
            expected = repr(t)
        except Exception as e:
            expected = f"{type(e).__name__}: {e}"
        torch.set_printoptions(profile="default")
        torch.set_default_dtype(torch.float32)

        print(f"case {name}")
        print(f"dtype {str(t.dtype).removeprefix('torch.')}")
        print("sizes", *t.shape)
        print("strides", *t.stride())
        print(f"offset {t.storage_offset()}")
        if t.device.type == "cpu":
            print("storage", *map(value_text, storage_list(t)))
        else:
            print(f"device {t.device}")
        if default_dtype is not None:
            print(f"default_dtype {str(default_dtype).removeprefix('torch.')}")
        if options:
            print("options", *(f"{k}={v}" for k, v in options.items()))
        if t.grad_fn is not None:
            print(f"autograd grad_fn {type(t.grad_fn).__name__}")
        elif t.requires_grad:
            print("autograd requires_grad")
        print("expect")
        for line in expected.split("\n"):
            print("|" + line)
        print("end")


main()
