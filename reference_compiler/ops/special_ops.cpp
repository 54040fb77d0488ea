// Pointwise ops outside the common unary/binary families: the special
// functions erfinv, lgamma, digamma, polygamma (ATen's scalar functions of
// native/Math.h, which its kernels map over every element), sinc and logit
// (with logit_backward); heaviside, a step function with the value at zero
// given (PyTorch has no derivative for it); and float_power, ATen's
// composite that runs pow in double.
#include "reference_compiler/ops/binary_kernels.h"
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace refc::ops {

namespace {

// A floating unary op whose vector and scalar forms are the same scalar function.
template <class F> void map_float(const Tensor& out, const Tensor& in, F f) {
  float_unary(
      out, to_dtype(in, out.dtype()), VecLoop::All,
      [f](auto* o, auto* x, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = f(x[i]);
      },
      f);
}

// ---- erfinv ----------------------------------------------------------------------------------

// erf as the glibc PyTorch runs with computes it: correctly rounded (through
// a wider type) for float and double.
float libm_erf(float x) { return static_cast<float>(std::erf(static_cast<double>(x))); }
double libm_erf(double x) { return static_cast<double>(std::erf(static_cast<long double>(x))); }

// ATen's calc_erfinv (native/Math.h) as its AVX2 build computes it: GCC
// contracts every multiply-add of the polynomials into an FMA.
template <class T> T calc_erfinv(T y) {
  constexpr T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
  constexpr T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
  constexpr T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
  constexpr T d[2] = {T(3.543889200), T(1.637067800)};
  const T y_abs = std::abs(y);
  if (y_abs > 1.0) return std::numeric_limits<T>::quiet_NaN();
  if (y_abs == 1.0) return std::copysign(std::numeric_limits<T>::infinity(), y);
  T x;
  if (y_abs <= static_cast<T>(0.7)) {
    const T z = y * y;
    const T num = std::fma(std::fma(std::fma(a[3], z, a[2]), z, a[1]), z, a[0]);
    const T dem = std::fma(std::fma(std::fma(std::fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, T(1));
    x = y * num / dem;
  } else {
    const T z = std::sqrt(-libm_math(VecFn::Log, (T(1) - y_abs) / T(2)));
    const T num = std::fma(std::fma(std::fma(c[3], z, c[2]), z, c[1]), z, c[0]);
    const T dem = std::fma(std::fma(d[1], z, d[0]), z, T(1));
    x = std::copysign(num, y) / dem;
  }
  // Two Newton steps on erf(x) = y.
  const T two_over_sqrt_pi = T(2) * std::numbers::inv_sqrtpi_v<T>;
  x = x - (libm_erf(x) - y) / (two_over_sqrt_pi * libm_math(VecFn::Exp, -x * x));
  x = x - (libm_erf(x) - y) / (two_over_sqrt_pi * libm_math(VecFn::Exp, -x * x));
  return x;
}

std::vector<TensorSpec> float_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::IntToFloat)}; }

void erfinv_kernel(const OpArgs& a, std::span<const Tensor> out) {
  map_float(out[0], a.tensor(0), [](auto x) { return calc_erfinv(x); });
}

// d/dx erfinv(x) = sqrt(pi)/2 exp(erfinv(x)^2), in derivatives.yaml's order.
Grads erfinv_backward(const BackwardContext& c, const Grads& g) {
  Tensor e = call_tensor("pow.Tensor_Scalar", call_tensor("erfinv", c.tensor(0)), 2);
  Tensor scale = call_tensor("mul.Tensor", call_tensor("exp", e), 0.5 * std::sqrt(std::numbers::pi));
  return {call_tensor("mul.Tensor", scale, g[0])};
}

// ---- lgamma, digamma, polygamma ------------------------------------------------------------------

// ATen's CPU kernels map these scalar functions (native/Math.h) over every
// element; their AVX2 build contracts multiply-adds into FMAs, written out here.

// lgamma through a wider type: closer to the glibc PyTorch runs with than
// this glibc's own (all but about 2% of doubles and 3% of floats agree).
float libm_lgamma(float x) { return static_cast<float>(std::lgamma(static_cast<double>(x))); }
double libm_lgamma(double x) { return static_cast<double>(std::lgamma(static_cast<long double>(x))); }

// Cephes' polevl: coefficients from the highest power down.
template <class T> T polevl(T x, const T* coef, size_t len) {
  T result = 0;
  for (size_t i = 0; i <= len; ++i) result = std::fma(result, x, coef[i]);
  return result;
}

// calc_digamma: the reflection formula below 0, the recurrence up to 10, then
// the asymptotic series.
template <class T> T calc_digamma(T x) {
  constexpr T kPsi10 = T(2.25175258906672110764);
  if (x == 0) return std::copysign(std::numeric_limits<T>::infinity(), -x);
  if (x < 0) {
    if (x == std::trunc(x)) return std::numeric_limits<T>::quiet_NaN();
    double q;
    const double r = std::modf(static_cast<double>(x), &q);
    const T pi_over_tan = static_cast<T>(std::numbers::pi / std::tan(std::numbers::pi * r));
    return calc_digamma<T>(1 - x) - pi_over_tan;
  }
  T result = 0;
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  if (x == 10) return result + kPsi10;
  static constexpr T A[] = {T(8.33333333333333333333E-2),  T(-2.10927960927960927961E-2), T(7.57575757575757575758E-3),
                            T(-4.16666666666666666667E-3), T(3.96825396825396825397E-3),  T(-8.33333333333333333333E-3),
                            T(8.33333333333333333333E-2)};
  T y = 0;
  if (x < T(1.0e17)) {
    const T z = 1 / (x * x);
    y = z * polevl(z, A, 6);
  }
  return result + libm_math(VecFn::Log, x) - (T(0.5) / x) - y;
}

// trigamma: the reflection formula below 1/2, six recurrence steps, then the
// asymptotic series.
template <class T> T trigamma(T x) {
  T sign = +1, result = 0;
  if (x < T(0.5)) {
    sign = -1;
    const T sin_pi_x = libm_math(VecFn::Sin, std::numbers::pi_v<T> * x);
    result -= (std::numbers::pi_v<T> * std::numbers::pi_v<T>) / (sin_pi_x * sin_pi_x);
    x = 1 - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += 1 / (x * x);
    x += 1;
  }
  const T ixx = 1 / (x * x);
  const T series = std::fma(ixx, std::fma(-ixx, std::fma(-ixx, T(1) / 42, T(1) / 30), T(1) / 6), 1 + 1 / (2 * x));
  result += series / x;
  return sign * result;
}

// Cephes' Hurwitz zeta(x, q), accumulated in double (the first power in T).
template <class T> double zeta(T x, T q) {
  constexpr double kMachEp = 1.11022302462515654042E-16;
  static constexpr double A[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
                                 7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
                                 -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18};
  if (x == 1) return std::numeric_limits<double>::infinity();
  if (x < 1) return std::numeric_limits<double>::quiet_NaN();
  if (q <= 0) {
    if (q == std::floor(q)) return std::numeric_limits<double>::infinity();
    if (x != std::floor(x)) return std::numeric_limits<double>::quiet_NaN();
  }
  double s = std::pow(q, -x), a = q, b = 0;
  const double xd = x;
  int i = 0;
  while (i < 9 || a <= 9.0) {
    i += 1;
    a += 1;
    b = std::pow(a, -xd);
    s += b;
    if (-kMachEp * s < b && b < kMachEp * s) return s;
  }
  const double w = a;
  s += b * w / (xd - 1);
  s = std::fma(-0.5, b, s);
  a = 1;
  double k = 0;
  for (i = 0; i < 12; i++) {
    a *= xd + k;
    b /= w;
    double t = a * b / A[i];
    s = s + t;
    t = std::fabs(t / s);
    if (t < kMachEp) return s;
    k += 1;
    a *= xd + k;
    b /= w;
    k += 1;
  }
  return s;
}

// polygamma(n, x) = (-1)^(n+1) n! zeta(n+1, x); digamma and trigamma for n = 0, 1.
template <class T> T calc_polygamma(T x, int64_t n) {
  if (n == 0) return calc_digamma(x);
  if (n == 1) return trigamma(x);
  const T one = 1;
  return ((n % 2) ? one : -one) * libm_math(VecFn::Exp, libm_lgamma(static_cast<T>(n) + one)) *
         static_cast<T>(zeta(static_cast<T>(n + 1), x));
}

void lgamma_kernel(const OpArgs& a, std::span<const Tensor> out) {
  map_float(out[0], a.tensor(0), [](auto x) { return libm_lgamma(x); });
}
void digamma_kernel(const OpArgs& a, std::span<const Tensor> out) {
  map_float(out[0], a.tensor(0), [](auto x) { return calc_digamma(x); });
}

std::vector<TensorSpec> polygamma_meta(const OpArgs& a) {
  check(a.int_(0) >= 0, "polygamma(n, x) does not support negative n.");
  return {elementwise_spec(a, {1}, Promotion::IntToFloat)};
}
void polygamma_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const int64_t n = a.int_(0);
  map_float(out[0], a.tensor(1), [n](auto x) { return calc_polygamma(x, n); });
}

Grads lgamma_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("mul.Tensor", g[0], call_tensor("digamma", c.tensor(0)))};
}
Grads digamma_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("mul.Tensor", g[0], call_tensor("polygamma", 1, c.tensor(0)))};
}
Grads polygamma_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("mul.Tensor", g[0], call_tensor("polygamma", c.args().int_(0) + 1, c.tensor(1)))};
}

// ---- sinc -------------------------------------------------------------------------------------------

// sin(pi x) / (pi x), 1 at 0.
void sinc_kernel(const OpArgs& a, std::span<const Tensor> out) {
  map_float(out[0], a.tensor(0), [](auto x) {
    using T = decltype(x);
    if (x == T(0)) return T(1);
    const T product = std::numbers::pi_v<T> * x;
    return libm_math(VecFn::Sin, product) / product;
  });
}

// FunctionsManual's sinc_backward: grad (pi x cos(pi x) - sin(pi x)) / (pi x^2), 0 at 0.
Grads sinc_backward(const BackwardContext& c, const Grads& g) {
  Tensor self = c.tensor(0);
  Tensor self_pi = call_tensor("mul.Tensor", self, std::numbers::pi);
  Tensor self_squared_pi = call_tensor("mul.Tensor", call_tensor("mul.Tensor", self, self), std::numbers::pi);
  Tensor slope = call_tensor("sub.Tensor", call_tensor("mul.Tensor", self_pi, call_tensor("cos", self_pi)),
                             call_tensor("sin", self_pi));
  Tensor out = call_tensor("div.Tensor", call_tensor("mul.Tensor", g[0], slope), self_squared_pi);
  return {call_tensor("where.ScalarSelf", call_tensor("eq.Scalar", self_squared_pi, 0.0), 0.0, out)};
}

// ---- logit ------------------------------------------------------------------------------------------

// The eps argument as ATen's kernels take it: None is -1 (no clamping).
double logit_eps(const OpArgs& a, size_t i) { return a.is_none(i) ? -1.0 : a.double_(i); }

// log(x / (1 - x)), x first clamped to [eps, 1 - eps] when eps >= 0; the
// vector form's log is SLEEF's, on whole blocks as cpu_kernel_vec runs it.
void logit_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const double eps = logit_eps(a, 1);
  auto clamp = [eps](auto x) {
    using T = decltype(x);
    if (!(eps >= 0)) return x;
    const T lo = static_cast<T>(eps), hi = T(1) - static_cast<T>(eps);
    return x < lo ? lo : (x > hi ? hi : x);
  };
  float_unary(
      out[0], to_dtype(a.tensor(0), out[0].dtype()), VecLoop::Blocks,
      [clamp](auto* o, auto* in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        for (int64_t i = 0; i < n; ++i) {
          const T x = clamp(in[i]);
          o[i] = x / (T(1) - x);
        }
        vec_math(VecFn::Log, o, o, n);
      },
      [clamp](auto v) {
        using T = decltype(v);
        const T x = clamp(v);
        return x == T(1) ? std::numeric_limits<T>::infinity() : libm_math(VecFn::Log, x / (T(1) - x));
      });
}

// logit_backward(grad, x, eps): grad / (x (1 - x)); outside [0, 1] NaN
// without eps, 0 outside [eps, 1 - eps] with it.
std::vector<TensorSpec> binary_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::Default)}; }

void logit_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_floating("logit_backward_cpu", out[0].dtype());
  const double eps = logit_eps(a, 2);
  auto f = [eps](auto dy, auto x) {
    using T = decltype(x);
    const bool clamped = eps >= 0;
    const T lo = clamped ? static_cast<T>(eps) : T(0), hi = clamped ? T(1) - static_cast<T>(eps) : T(1);
    if (x < lo || x > hi) return clamped ? T(0) : std::numeric_limits<T>::quiet_NaN();
    if (x == T(0) || x == T(1)) return dy * std::numeric_limits<T>::infinity();
    return dy / (x * (T(1) - x));
  };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), out[0].dtype()), to_dtype(a.tensor(1), out[0].dtype())}, VecLoop::All,
      [f](auto* o, auto in, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = f(in[0][i], in[1][i]);
      },
      f);
}

Grads logit_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("logit_backward", g[0], c.tensor(0), a[1])};
}

// ---- heaviside -------------------------------------------------------------------------------

std::vector<TensorSpec> heaviside_meta(const OpArgs& a) {
  check(a.tensor(0).dtype() == a.tensor(1).dtype(),
        "heaviside is not yet implemented for tensors with different dtypes.");
  return binary_meta(a);
}

void heaviside_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T values) -> T { return x == T(0) ? values : static_cast<T>(x > T(0)); };
  });
}

// ---- float_power -----------------------------------------------------------------------------

// An operand of float_power as double: a Python number becomes a double
// Scalar, a tensor is converted.
Value as_double(const OpArgs& a, size_t i) {
  return a.is_number(i) ? scalar_value(Scalar(a.scalar(i).to_double())) : call("to.dtype", a.tensor(i), DType::Float64);
}

// float_power(self, exponent): pow with both sides in double.
Value float_power_run(const OpArgs& a) {
  const char* overload = a.is_number(0) ? "pow.Scalar" : a.is_number(1) ? "pow.Tensor_Scalar" : "pow.Tensor_Tensor";
  return call(overload, as_double(a, 0), as_double(a, 1));
}

// float_power_(self, exponent): pow_ on self, which must already be double.
Value float_power_inplace_run(const OpArgs& a) {
  const DType t = a.tensor(0).dtype();
  check(t == DType::Float64, "the base given to float_power_ has dtype " + std::string(tensor::scalar_type_name(t)) +
                                 " but the operation's result requires dtype Double");
  return call(a.is_number(1) ? "pow_.Scalar" : "pow_.Tensor", a[0], as_double(a, 1));
}

} // namespace

void register_special_ops(OpRegistry& r) {
  const uint8_t both = kFunction | kMethod;
  r.def("erfinv(Tensor self) -> Tensor").method().structured(float_meta, erfinv_kernel).inplace("erfinv_")
      .derivative("ErfinvBackward0", erfinv_backward).saves({"self"});
  r.def("lgamma(Tensor self) -> Tensor").method().structured(float_meta, lgamma_kernel).inplace("lgamma_")
      .derivative("LgammaBackward0", lgamma_backward).saves({"self"});
  r.def("digamma(Tensor self) -> Tensor").method().structured(float_meta, digamma_kernel).inplace("digamma_")
      .derivative("DigammaBackward0", digamma_backward).saves({"self"});
  r.def("polygamma(int n, Tensor self) -> Tensor").structured(polygamma_meta, polygamma_kernel)
      .derivative("PolygammaBackward0", polygamma_backward).saves({"self"});
  r.def("sinc(Tensor self) -> Tensor").method().structured(float_meta, sinc_kernel).inplace("sinc_", both)
      .derivative("SincBackward0", sinc_backward).saves({"self"});
  r.def("logit(Tensor self, float? eps=None) -> Tensor").method().structured(float_meta, logit_kernel)
      .inplace("logit_", both).derivative("LogitBackward0", logit_backward).saves({"self"});
  r.def("logit_backward(Tensor grad_output, Tensor self, float? eps=None) -> Tensor").hidden()
      .structured(binary_meta, logit_backward_kernel);
  r.def("heaviside(Tensor self, Tensor values) -> Tensor").method().structured(heaviside_meta, heaviside_kernel)
      .inplace("heaviside_");
  r.def("float_power.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor").method().composite(float_power_run);
  r.def("float_power.Scalar(Scalar self, Tensor exponent) -> Tensor").composite(float_power_run);
  r.def("float_power.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor").method().composite(float_power_run);
  r.def("float_power_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)").hidden().method()
      .composite(float_power_inplace_run);
  r.def("float_power_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)").hidden().method()
      .composite(float_power_inplace_run);
}

} // namespace refc::ops
