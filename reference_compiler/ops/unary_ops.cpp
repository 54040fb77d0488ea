// Unary pointwise ops: exponentials, logarithms, trigonometric and
// hyperbolic functions, erf/erfc, roots and reciprocals, rounding, sign and
// predicates, clamp and nan_to_num, with their derivatives. The activations
// built on them are unary_activation_ops.cpp, the vector math vec_math.cpp.
//
// Floating-point results match PyTorch's CPU kernels bit for bit: the vector
// math is SLEEF (the library and accuracy variants ATen's AVX2 code calls),
// and each op splits its elements between vector and scalar forms as ATen's
// loops do (unary_kernels.h).
#include "reference_compiler/ops/unary_ops_internal.h"

#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

using namespace unary;

// ---- meta functions ----------------------------------------------------------------------

std::vector<TensorSpec> float_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::IntToFloat)}; }
std::vector<TensorSpec> bool_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::AlwaysBool)}; }

// ---- kernels -----------------------------------------------------------------------------

// A float op that is one vec_math function (integers were promoted by the meta).
template <VecFn F, VecLoop L> void math_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary(out[0], to_dtype(a.tensor(0), out[0].dtype()), L, F, [](auto x) { return libm_math(F, x); });
}


void sqrt_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_float(out[0], to_dtype(a.tensor(0), out[0].dtype()), [](auto x) { return std::sqrt(x); });
}
// rsqrt: 1 / sqrt(x); ATen's scalar form for 16-bit floats rounds the root to
// the storage type first.
void rsqrt_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::visit_dtype(out[0].dtype(), [&]<class S>() {
    if constexpr (!std::is_integral_v<S>) {
      float_unary(
          out[0], to_dtype(a.tensor(0), out[0].dtype()), VecLoop::Blocks,
          [](auto* o, auto* x, int64_t n) {
            using T = std::remove_pointer_t<decltype(o)>;
            for (int64_t i = 0; i < n; ++i) o[i] = T(1) / std::sqrt(x[i]);
          },
          [](auto x) {
            using T = decltype(x);
            return T(1) / static_cast<T>(static_cast<S>(std::sqrt(x)));
          });
    }
  });
}
// The inverse hyperbolic functions, which ATen's CPU kernels take from libm.
void asinh_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_float(out[0], to_dtype(a.tensor(0), out[0].dtype()), [](auto x) { return std::asinh(x); });
}
void acosh_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_float(out[0], to_dtype(a.tensor(0), out[0].dtype()), [](auto x) { return std::acosh(x); });
}
void atanh_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_float(out[0], to_dtype(a.tensor(0), out[0].dtype()), [](auto x) { return std::atanh(x); });
}
void reciprocal_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_float(out[0], to_dtype(a.tensor(0), out[0].dtype()), [](auto x) { return decltype(x)(1) / x; });
}

// sigmoid: 1 / (1 + exp(-x)).
void sigmoid_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary(
      out[0], to_dtype(a.tensor(0), out[0].dtype()), VecLoop::Blocks,
      [](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        for (int64_t i = 0; i < n; ++i) o[i] = -x[i];
        vec_math(VecFn::Exp, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = T(1) / (T(1) + o[i]);
      },
      [](auto x) { return decltype(x)(1) / (decltype(x)(1) + libm_math(VecFn::Exp, -x)); });
}

// An exact op over every dtype but those `supported` rejects, computing in
// the output dtype: out[i] = f(x[i]).
template <class F> void exact_unary(const Tensor& out, const Tensor& self, F&& f) {
  Tensor x = to_dtype(self, out.dtype());
  tensor::visit_dtype(out.dtype(), [&]<class T>() { unary_loop<T, T>(out, x, [&](T v) { return f(v); }); });
}

void abs_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (out[0].dtype() == DType::Bool) dtype_not_implemented("abs_cpu", DType::Bool);
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_unsigned_v<T>) return v;
    else if constexpr (std::is_integral_v<T>) return static_cast<T>(v < 0 ? -v : v);
    else return static_cast<T>(std::fabs(static_cast<OpMath<T>>(v)));
  });
}
void neg_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (out[0].dtype() == DType::Bool)
    lang::raise(lang::exc::NotImplementedError,
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
                "mask, use the `~` or `logical_not()` operator instead.");
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(0 - v); // wraps like C++ does for ATen
    else return static_cast<T>(-static_cast<OpMath<T>>(v));
  });
}

// floor, ceil, round, trunc: exact on floats, the identity on integers.
template <class F> void rounding_kernel(const Tensor& out, const Tensor& self, const char* kernel, F f) {
  if (self.dtype() == DType::Bool) dtype_not_implemented(kernel, DType::Bool);
  if (tensor::is_floating(out.dtype())) exact_float(out, to_dtype(self, out.dtype()), f);
  else copy_into(out, self);
}
void floor_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "floor_vml_cpu", [](auto x) { return std::floor(x); });
}
void ceil_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "ceil_vml_cpu", [](auto x) { return std::ceil(x); });
}
void round_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "round_vml_cpu", [](auto x) { return std::nearbyint(x); });
}
void trunc_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "trunc_vml_cpu", [](auto x) { return std::trunc(x); });
}
// round(decimals=d): nearbyint(x * 10^d) / 10^d (d < 0: nearbyint(x / 10^-d) * 10^-d).
void round_decimals_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_floating("round_cpu", out[0].dtype());
  int64_t decimals = a.int_(1);
  bool negative = decimals < 0;
  double ten_pow = std::pow(10.0, static_cast<double>(negative ? -decimals : decimals));
  float_unary(
      out[0], a.tensor(0), VecLoop::All,
      [&](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T p = static_cast<T>(ten_pow);
        for (int64_t i = 0; i < n; ++i) o[i] = negative ? std::nearbyint(x[i] / p) * p : std::nearbyint(x[i] * p) / p;
      },
      [&](auto x) {
        using T = decltype(x);
        T p = static_cast<T>(ten_pow);
        return negative ? std::nearbyint(x / p) * p : std::nearbyint(x * p) / p;
      });
}
void frac_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_floating("frac_cpu", out[0].dtype());
  exact_float(out[0], a.tensor(0), [](auto x) { return x - std::trunc(x); });
}

// sign (and sgn, which equals it on real tensors): (0 < x) - (x < 0); the
// identity on bool.
void sign_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_same_v<T, bool>) return v;
    else if constexpr (std::is_integral_v<T>) return static_cast<T>((T(0) < v) - (v < T(0)));
    else {
      OpMath<T> x = v;
      return static_cast<T>(static_cast<OpMath<T>>((0 < x) - (x < 0)));
    }
  });
}

void logical_not_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  tensor::visit_dtype(self.dtype(), [&]<class S>() {
    tensor::visit_dtype(out[0].dtype(), [&]<class R>() {
      unary_loop<R, S>(out[0], self, [](S v) { return convert<R>(!convert<bool>(v)); });
    });
  });
}
void bitwise_not_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_integral("bitwise_not_cpu", out[0].dtype(), true);
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_same_v<T, bool>) return !v;
    else if constexpr (std::is_integral_v<T>) return static_cast<T>(~v);
    else return v;
  });
}

// isnan / isinf / isfinite: false / false / true on integers and bool.
void isnan_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_predicate(a, out[0], false, [](auto x) { return std::isnan(x); });
}
void isinf_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_predicate(a, out[0], false, [](auto x) { return std::isinf(x); });
}
void isfinite_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_predicate(a, out[0], true, [](auto x) { return std::isfinite(x); });
}

// The largest finite value of T.
template <class T> T max_of() {
  if constexpr (std::is_same_v<T, tensor::Half>) return tensor::Half::from_bits(0x7bff);
  else if constexpr (std::is_same_v<T, tensor::BFloat16>) return tensor::BFloat16::from_bits(0x7f7f);
  else return std::numeric_limits<T>::max();
}

// nan_to_num: NaN -> nan (0), +inf -> posinf (the dtype's max), -inf -> neginf (its lowest).
void nan_to_num_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (!tensor::is_floating(out[0].dtype())) return copy_into(out[0], self);
  std::optional<double> nan = a.optional_double(1), posinf = a.optional_double(2), neginf = a.optional_double(3);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      T nan_v = static_cast<T>(nan.value_or(0.0));
      T pos_v = posinf ? static_cast<T>(*posinf) : max_of<T>();
      T neg_v = neginf ? static_cast<T>(*neginf) : static_cast<T>(-static_cast<OpMath<T>>(max_of<T>()));
      unary_loop<T, T>(out[0], self, [&](T v) {
        OpMath<T> x = v;
        return std::isnan(x) ? nan_v : x == std::numeric_limits<OpMath<T>>::infinity() ? pos_v
                                    : x == -std::numeric_limits<OpMath<T>>::infinity() ? neg_v : v;
      });
    }
  });
}

// ---- clamp -------------------------------------------------------------------------------

// clamp(self, min, max) with Scalar or Tensor bounds (arguments 1 and 2, one
// of which may be absent): the result type counts the bounds too.
std::vector<TensorSpec> clamp_meta(const OpArgs& a) {
  if (a.is_none(1) && a.is_none(2)) fail("torch.clamp: At least one of 'min' or 'max' must not be None");
  std::vector<size_t> present;
  ResultType rt;
  std::vector<Tensor> operands{a.tensor(0)};
  rt.add(a.tensor(0));
  for (size_t i = 1; i < 3; ++i) {
    if (a.is_none(i)) continue;
    rt.add_arg(a, i);
    if (!a.is_number(i)) operands.push_back(a.tensor(i));
  }
  DType dtype = rt.result();
  if (dtype == DType::Bool) dtype_not_implemented("clamp_cpu", dtype);
  return {elementwise_spec(operands, dtype)};
}
// clamp_min / clamp_max: one bound, argument 1.
template <bool kMin> std::vector<TensorSpec> clamp_one_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = {elementwise_spec(a, {0, 1}, Promotion::Default)};
  if (spec[0].dtype == DType::Bool) dtype_not_implemented(kMin ? "clamp_min_cpu" : "clamp_max_cpu", DType::Bool);
  return spec;
}

Tensor bound_of(const OpArgs& a, size_t i) { return a.is_none(i) ? Tensor() : a.tensor(i); }
void clamp_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), bound_of(a, 1), bound_of(a, 2));
}
void clamp_min_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), a.tensor(1), Tensor());
}
void clamp_max_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), Tensor(), a.tensor(1));
}

// ---- derivatives ---------------------------------------------------------------------------

Grads exp_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], c.result())}; }
Grads exp2_backward(const BackwardContext& c, const Grads& g) {
  return {mul(mul(g[0], c.result()), 0.69314718055994530942)};
}
Grads expm1_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], add(c.result(), 1))}; }
Grads log_backward(const BackwardContext& c, const Grads& g) { return {div(g[0], self_of(c))}; }
Grads log2_backward(const BackwardContext& c, const Grads& g) {
  return {div(g[0], mul(self_of(c), 0.69314718055994530942))};
}
Grads log10_backward(const BackwardContext& c, const Grads& g) {
  return {div(g[0], mul(self_of(c), 2.30258509299404568402))};
}
Grads log1p_backward(const BackwardContext& c, const Grads& g) { return {div(g[0], add(self_of(c), 1))}; }
Grads sqrt_backward(const BackwardContext& c, const Grads& g) {
  return {div(g[0], call_tensor("mul.Tensor", 2, c.result()))};
}
Grads rsqrt_backward(const BackwardContext& c, const Grads& g) {
  return {mul(call_tensor("mul.Tensor", -0.5, g[0]), call_tensor("pow.Tensor_Scalar", c.result(), 3))};
}
Grads reciprocal_backward(const BackwardContext& c, const Grads& g) {
  return {mul(call_tensor("neg", g[0]), mul(c.result(), c.result()))};
}
Grads sin_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("cos", self_of(c)))}; }
Grads cos_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("neg", call_tensor("sin", self_of(c))))};
}
Grads tan_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("add.Tensor", 1, call_tensor("pow.Tensor_Scalar", c.result(), 2)))};
}
Grads asin_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("rsqrt", one_minus_square(self_of(c))))};
}
Grads acos_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("neg", call_tensor("rsqrt", one_minus_square(self_of(c)))))};
}
Grads atan_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c);
  return {div(g[0], add(mul(x, x), 1))};
}
// asinh: grad / sqrt(x^2 + 1); acosh: grad / sqrt(x^2 - 1); atanh: grad / (1 - x^2).
Grads asinh_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("rsqrt", add(call_tensor("pow.Tensor_Scalar", self_of(c), 2), 1)))};
}
Grads acosh_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("rsqrt", add(call_tensor("pow.Tensor_Scalar", self_of(c), 2), -1)))};
}
Grads atanh_backward(const BackwardContext& c, const Grads& g) { return {div(g[0], one_minus_square(self_of(c)))}; }
Grads sinh_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("cosh", self_of(c)))}; }
Grads cosh_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("sinh", self_of(c)))}; }
Grads tanh_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("tanh_backward", g[0], c.result())};
}
Grads sigmoid_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("sigmoid_backward", g[0], c.result())};
}
// d erf / dx = 2/sqrt(pi) exp(-x^2); erfc is its negation.
template <int kSign> Grads erf_backward(const BackwardContext& c, const Grads& g) {
  Tensor e = call_tensor("exp", call_tensor("neg", call_tensor("pow.Tensor_Scalar", self_of(c), 2)));
  return {mul(call_tensor("mul.Tensor", kSign * k2SqrtPi, e), g[0])};
}
Grads abs_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("sgn", self_of(c)))}; }
Grads neg_backward(const BackwardContext&, const Grads& g) { return {call_tensor("neg", g[0])}; }
Grads identity_backward(const BackwardContext&, const Grads& g) { return {g[0]}; }
Grads nan_to_num_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("isfinite", self_of(c)))};
}
// clamp(self, min, max) with Scalar bounds: grad where min <= self <= max.
Tensor clamp_mask(const Tensor& x, const Value& lo, const Value& hi, const char* ge, const char* le) {
  Tensor mask;
  if (!lo.is_none()) mask = call_tensor(ge, x, lo);
  if (!hi.is_none()) {
    Tensor upper = call_tensor(le, x, hi);
    mask = mask.defined() ? call_tensor("logical_and", mask, upper) : upper;
  }
  return mask;
}
Tensor where_or_zero(const Tensor& mask, const Tensor& grad) {
  return call_tensor("where.ScalarOther", mask, grad, 0.0);
}
Grads clamp_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {where_or_zero(clamp_mask(self_of(c), a[1], a[2], "ge.Scalar", "le.Scalar"), g[0])};
}
Grads clamp_min_backward(const BackwardContext& c, const Grads& g) {
  return {where_or_zero(call_tensor("gt.Scalar", self_of(c), c.args()[1]), g[0])};
}
Grads clamp_max_backward(const BackwardContext& c, const Grads& g) {
  return {where_or_zero(call_tensor("lt.Scalar", self_of(c), c.args()[1]), g[0])};
}
Grads clamp_tensor_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor x = self_of(c);
  Tensor lo = a.optional_tensor(1), hi = a.optional_tensor(2);
  Grads out(3);
  if (c.needs_grad_of_arg(0)) {
    Tensor mask;
    if (lo.defined()) mask = call_tensor("ge.Tensor", x, lo);
    if (hi.defined()) {
      Tensor upper = call_tensor("le.Tensor", x, hi);
      mask = mask.defined() ? call_tensor("logical_and", mask, upper) : upper;
    }
    out[0] = where_or_zero(mask, g[0]);
  }
  if (lo.defined() && c.needs_grad_of_arg(1)) {
    Tensor below = call_tensor("lt.Tensor", x, lo);
    if (hi.defined()) below = call_tensor("logical_and", below, call_tensor("le.Tensor", lo, hi));
    out[1] = where_or_zero(below, g[0]);
  }
  if (hi.defined() && c.needs_grad_of_arg(2)) {
    Tensor above = call_tensor("gt.Tensor", x, hi);
    if (lo.defined()) above = call_tensor("logical_or", above, call_tensor("gt.Tensor", lo, hi));
    out[2] = where_or_zero(above, g[0]);
  }
  return out;
}
template <bool kMin> Grads clamp_one_tensor_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c), bound = c.tensor(1);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = tie_split(g[0], x, bound, kMin ? "lt.Tensor" : "gt.Tensor");
  if (c.needs_grad_of_arg(1)) out[1] = tie_split(g[0], x, bound, kMin ? "gt.Tensor" : "lt.Tensor");
  return out;
}

// ---- composites -------------------------------------------------------------------------------

Value positive_run(const OpArgs& a) {
  if (a.tensor(0).dtype() == DType::Bool)
    lang::raise(lang::exc::NotImplementedError, "The `+` operator, on a bool tensor is not supported.");
  return a[0];
}
Value square_run(const OpArgs& a) { return call("pow.Tensor_Scalar", a[0], 2); }
Value square_inplace_run(const OpArgs& a) { return call("pow_.Scalar", a[0], 2); }

// A floating-point math op: schema name, in-place name, kernel, grad_fn name,
// formula and what the formula reads.
struct MathOp {
  const char* name;
  KernelFn kernel;
  const char* node;
  BackwardFn backward;
  bool reads_result;
};
const MathOp kMathOps[] = {
    {"exp", math_kernel<VecFn::Exp, VecLoop::All>, "ExpBackward0", exp_backward, true},
    {"exp2", math_kernel<VecFn::Exp2, VecLoop::Blocks>, "Exp2Backward0", exp2_backward, true},
    {"expm1", math_kernel<VecFn::Expm1, VecLoop::All>, "Expm1Backward0", expm1_backward, true},
    {"log", math_kernel<VecFn::Log, VecLoop::All>, "LogBackward0", log_backward, false},
    {"log2", math_kernel<VecFn::Log2, VecLoop::All>, "Log2Backward0", log2_backward, false},
    {"log10", math_kernel<VecFn::Log10, VecLoop::All>, "Log10Backward0", log10_backward, false},
    {"log1p", math_kernel<VecFn::Log1p, VecLoop::All>, "Log1PBackward0", log1p_backward, false},
    {"sqrt", sqrt_kernel, "SqrtBackward0", sqrt_backward, true},
    {"rsqrt", rsqrt_kernel, "RsqrtBackward0", rsqrt_backward, true},
    {"reciprocal", reciprocal_kernel, "ReciprocalBackward0", reciprocal_backward, true},
    {"sin", math_kernel<VecFn::Sin, VecLoop::All>, "SinBackward0", sin_backward, false},
    {"cos", math_kernel<VecFn::Cos, VecLoop::All>, "CosBackward0", cos_backward, false},
    {"tan", math_kernel<VecFn::Tan, VecLoop::All>, "TanBackward0", tan_backward, true},
    {"asin", math_kernel<VecFn::Asin, VecLoop::All>, "AsinBackward0", asin_backward, false},
    {"acos", math_kernel<VecFn::Acos, VecLoop::All>, "AcosBackward0", acos_backward, false},
    {"atan", math_kernel<VecFn::Atan, VecLoop::All>, "AtanBackward0", atan_backward, false},
    {"sinh", math_kernel<VecFn::Sinh, VecLoop::Blocks>, "SinhBackward0", sinh_backward, false},
    {"cosh", math_kernel<VecFn::Cosh, VecLoop::Blocks>, "CoshBackward0", cosh_backward, false},
    {"tanh", math_kernel<VecFn::Tanh, VecLoop::All>, "TanhBackward0", tanh_backward, true},
    {"asinh", asinh_kernel, "AsinhBackward0", asinh_backward, false},
    {"acosh", acosh_kernel, "AcoshBackward0", acosh_backward, false},
    {"atanh", atanh_kernel, "AtanhBackward0", atanh_backward, false},
    {"sigmoid", sigmoid_kernel, "SigmoidBackward0", sigmoid_backward, true},
    {"erf", math_kernel<VecFn::Erf, VecLoop::All>, "ErfBackward0", erf_backward<1>, false},
    {"erfc", math_kernel<VecFn::Erfc, VecLoop::All>, "ErfcBackward0", erf_backward<-1>, false},
};

} // namespace

void register_unary_ops(OpRegistry& r) {
  const uint8_t both = kFunction | kMethod;
  for (const MathOp& m : kMathOps) {
    OpBuilder b = r.def(std::string(m.name) + "(Tensor self) -> Tensor");
    b.method().structured(float_meta, m.kernel).inplace(std::string(m.name) + "_", both).derivative(m.node, m.backward);
    if (m.reads_result) b.saves_result();
    else b.saves({"self"});
  }
  r.def("abs(Tensor self) -> Tensor").method().structured(same_meta, abs_kernel).inplace("abs_", both)
      .derivative("AbsBackward0", abs_backward).saves({"self"});
  r.def("neg(Tensor self) -> Tensor").method().structured(same_meta, neg_kernel).inplace("neg_", both)
      .derivative("NegBackward0", neg_backward);
  r.def("positive(Tensor(a) self) -> Tensor(a)").method().composite(positive_run);
  r.def("square(Tensor self) -> Tensor").method().composite(square_run);
  r.def("square_(Tensor(a!) self) -> Tensor(a!)").method().composite(square_inplace_run);
  r.def("floor(Tensor self) -> Tensor").method().structured(same_meta, floor_kernel).inplace("floor_", both)
      .derivative("FloorBackward0", zero_derivative);
  r.def("ceil(Tensor self) -> Tensor").method().structured(same_meta, ceil_kernel).inplace("ceil_", both)
      .derivative("CeilBackward0", zero_derivative);
  r.def("round(Tensor self) -> Tensor").method().structured(same_meta, round_kernel).inplace("round_", both)
      .derivative("RoundBackward0", zero_derivative);
  r.def("round.decimals(Tensor self, *, int decimals) -> Tensor").method()
      .structured(same_meta, round_decimals_kernel).inplace("round_.decimals", both)
      .derivative("RoundBackward1", zero_derivative);
  r.def("trunc(Tensor self) -> Tensor").method().structured(same_meta, trunc_kernel).inplace("trunc_", both)
      .derivative("TruncBackward0", zero_derivative);
  r.def("frac(Tensor self) -> Tensor").method().structured(same_meta, frac_kernel).inplace("frac_", both)
      .derivative("FracBackward0", identity_backward);
  r.def("sign(Tensor self) -> Tensor").method().structured(same_meta, sign_kernel).inplace("sign_")
      .derivative("SignBackward0", zero_derivative);
  r.def("sgn(Tensor self) -> Tensor").method().structured(same_meta, sign_kernel).inplace("sgn_")
      .derivative("SgnBackward0", zero_derivative).saves({"self"}).saves_result(); // sgn_backward(self, grad, result)
  r.def("logical_not(Tensor self) -> Tensor").method().structured(bool_meta, logical_not_kernel).inplace("logical_not_");
  r.def("bitwise_not(Tensor self) -> Tensor").method().structured(same_meta, bitwise_not_kernel).inplace("bitwise_not_");
  r.def("isnan(Tensor self) -> Tensor").method().structured(bool_meta, isnan_kernel);
  r.def("isinf(Tensor self) -> Tensor").method().structured(bool_meta, isinf_kernel);
  r.def("isfinite(Tensor self) -> Tensor").method().structured(bool_meta, isfinite_kernel);
  r.def("nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor").method()
      .structured(same_meta, nan_to_num_kernel).inplace("nan_to_num_", both)
      .derivative("NanToNumBackward0", nan_to_num_backward).saves({"self"});

  r.def("clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor").method()
      .structured(clamp_meta, clamp_kernel).inplace("clamp_.Tensor", both)
      .derivative("ClampBackward0", clamp_tensor_backward).saves({"self", "min", "max"});
  r.def("clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor").method()
      .structured(clamp_meta, clamp_kernel).inplace("clamp_", both)
      .derivative("ClampBackward1", clamp_backward).saves({"self"});
  r.def("clamp_min.Tensor(Tensor self, Tensor min) -> Tensor").method()
      .structured(clamp_one_meta<true>, clamp_min_kernel).inplace("clamp_min_.Tensor", both)
      .derivative("ClampMinBackward1", clamp_one_tensor_backward<true>).saves({"self", "min"});
  r.def("clamp_min(Tensor self, Scalar min) -> Tensor").method()
      .structured(clamp_one_meta<true>, clamp_min_kernel).inplace("clamp_min_", both)
      .derivative("ClampMinBackward0", clamp_min_backward).saves({"self"});
  r.def("clamp_max.Tensor(Tensor self, Tensor max) -> Tensor").method()
      .structured(clamp_one_meta<false>, clamp_max_kernel).inplace("clamp_max_.Tensor", both)
      .derivative("ClampMaxBackward1", clamp_one_tensor_backward<false>).saves({"self", "max"});
  r.def("clamp_max(Tensor self, Scalar max) -> Tensor").method()
      .structured(clamp_one_meta<false>, clamp_max_kernel).inplace("clamp_max_", both)
      .derivative("ClampMaxBackward0", clamp_max_backward).saves({"self"});

}

} // namespace refc::ops
