// The activations among the unary ops: relu and threshold, hardtanh, gelu,
// silu, mish, elu, leaky_relu and softplus, with the backward ops PyTorch's
// derivative graphs use (threshold_backward, gelu_backward, silu_backward,
// sigmoid_backward, tanh_backward, ...) and their own derivatives. The
// transcendental parts are the SLEEF vector forms ATen's AVX2 kernels call
// (vec_math), split between vector and scalar forms as ATen's loops do.
#include "reference_compiler/ops/unary_ops_internal.h"

#include "reference_compiler/ops/grad_mode.h"

#include <cmath>

namespace refc::ops {

namespace {

using namespace unary;

// grad_output and self/result: the backward ops of activations.
std::vector<TensorSpec> binary_float_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::Default)}; }

// relu = clamp_min(self, 0), refusing bool.
std::vector<TensorSpec> relu_meta(const OpArgs& a) {
  if (a.tensor(0).dtype() == DType::Bool) lang::raise(lang::exc::NotImplementedError, "Boolean inputs not supported for relu");
  return same_meta(a);
}
void relu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), wrapped_number_tensor(Scalar(int64_t{0})), Tensor());
}

// hardtanh = clamp(self, min_val, max_val) in self's dtype.
std::vector<TensorSpec> hardtanh_meta(const OpArgs& a) {
  DType t = a.tensor(0).dtype();
  if (t == DType::Bool) lang::raise(lang::exc::NotImplementedError, "Bool inputs not supported for hardtanh");
  if (t == DType::UInt8 && (a.scalar(1).to_double() < 0 || a.scalar(2).to_double() < 0))
    fail("cannot do hardtanh on an unsigned type with negative limits");
  return same_meta(a);
}
void hardtanh_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  tensor::visit_dtype(t, [&]<class T>() {
    T lo = a.scalar(1).to<T>(), hi = a.scalar(2).to<T>();
    unary_loop<T, T>(out[0], to_dtype(a.tensor(0), t), [lo, hi](T v) { return nan_min(nan_max(v, lo), hi); });
  });
}

// threshold(self, threshold, value): value where self <= threshold, else self.
std::vector<TensorSpec> threshold_meta(const OpArgs& a) {
  if (a.tensor(0).dtype() == DType::Bool) dtype_not_implemented("threshold_cpu", DType::Bool);
  return same_meta(a);
}
void threshold_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T th = a.scalar(1).to<T>(), value = a.scalar(2).to<T>();
    unary_loop<T, T>(out[0], to_dtype(a.tensor(0), out[0].dtype()), [th, value](T v) {
      return static_cast<OpMath<T>>(v) <= static_cast<OpMath<T>>(th) ? value : v;
    });
  });
}
// threshold_backward(grad_output, self, threshold): 0 where self <= threshold, else grad_output.
void threshold_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  tensor::visit_dtype(t, [&]<class T>() {
    T th = a.scalar(2).to<T>();
    binary_loop<T, T>(out[0], to_dtype(a.tensor(1), t), to_dtype(a.tensor(0), t), [th](T x, T g) {
      return static_cast<OpMath<T>>(x) <= static_cast<OpMath<T>>(th) ? T(0) : g;
    });
  });
}

// ---- activations --------------------------------------------------------------------------

std::vector<TensorSpec> activation_meta(const OpArgs& a, const char* kernel) {
  check_floating(kernel, a.tensor(0).dtype());
  return same_meta(a);
}
template <const char* kKernel> std::vector<TensorSpec> activation_meta(const OpArgs& a) {
  return activation_meta(a, kKernel);
}
constexpr char kGeluName[] = "GeluKernelImpl", kSiluName[] = "silu_cpu", kMishName[] = "mish_cpu",
               kEluName[] = "elu_cpu", kLeakyName[] = "leaky_relu_cpu", kSoftplusName[] = "softplus_cpu";

bool gelu_tanh(const OpArgs& a, size_t i) {
  std::string_view approximate = a.str(i);
  if (approximate == "tanh") return true;
  if (approximate != "none") fail("approximate argument must be either none or tanh.");
  return false;
}

constexpr double kSqrt1_2 = 0.70710678118654752440;  // M_SQRT1_2
constexpr double kGeluBeta = 1.41421356237309504880 * k2SqrtPi * 0.5; // sqrt(2/pi)
constexpr double kGeluKappa = 0.044715;
constexpr double kGeluPdf = k2SqrtPi * kSqrt1_2 * 0.5; // 1/sqrt(2 pi)

// float_unary (VecLoop::Blocks) for a vector form that writes `o` before it
// is done reading the input, which `o` may alias: the form reads a copy.
template <class Vec, class Scalar> void float_unary_on_copy(const Tensor& out, const Tensor& in, Vec&& vec, Scalar&& scalar) {
  float_unary(
      out, in, VecLoop::Blocks,
      [&](auto* o, auto* x, int64_t n) {
        std::remove_pointer_t<decltype(o)> xs[kVecChunk];
        std::copy(x, x + n, xs);
        vec(o, xs, n);
      },
      scalar);
}

// sqrt(2/pi) (x + 0.044715 x^3), with the one FMA GCC contracts it to in
// ATen's AVX2 build.
template <class T> T gelu_tanh_inner(T x) { return T(kGeluBeta) * std::fma(T(kGeluKappa), x * x * x, x); }

// gelu: x/2 (1 + erf(x/sqrt 2)), or with approximate='tanh'
// x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
void gelu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (gelu_tanh(a, 1)) {
    float_unary_on_copy(
        out[0], a.tensor(0),
        [](auto* o, auto* xs, int64_t n) {
          using T = std::remove_pointer_t<decltype(o)>;
          for (int64_t i = 0; i < n; ++i) o[i] = gelu_tanh_inner(xs[i]);
          vec_math(VecFn::Tanh, o, o, n);
          for (int64_t i = 0; i < n; ++i) o[i] = T(0.5) * xs[i] * (T(1) + o[i]);
        },
        [](auto x) {
          using T = decltype(x);
          return T(0.5) * x * (T(1) + libm_math(VecFn::Tanh, gelu_tanh_inner(x)));
        });
    return;
  }
  float_unary_on_copy(
      out[0], a.tensor(0),
      [](auto* o, auto* xs, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(kSqrt1_2);
        vec_math(VecFn::Erf, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(0.5) * (T(1) + o[i]);
      },
      [](auto x) {
        using T = decltype(x);
        return x * T(0.5) * (T(1) + libm_math(VecFn::Erf, x * T(kSqrt1_2)));
      });
}

// gelu_backward(grad_output, self): grad_output * d gelu / dx.
void gelu_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("GeluBackwardKernelImpl", t);
  std::array<Tensor, 2> in = {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)};
  if (gelu_tanh(a, 2)) {
    auto scalar = [](auto dy, auto x, auto tanh_inner) {
      using T = decltype(x);
      T left = T(0.5) * x, right = T(1) + tanh_inner;
      T left_derivative = T(0.5) * right;
      T tanh_derivative = T(1) - tanh_inner * tanh_inner;
      T inner_derivative = T(kGeluBeta) * (T(1) + T(3) * T(kGeluKappa) * x * x);
      return dy * (left_derivative + left * tanh_derivative * inner_derivative);
    };
    auto inner = [](auto x) { return gelu_tanh_inner(x); };
    float_pointwise<2>(
        out[0], in, VecLoop::Blocks,
        [&](auto* o, auto in, int64_t n) {
          using T = std::remove_pointer_t<decltype(o)>;
          T dy[kVecChunk], x[kVecChunk];
          std::copy(in[0], in[0] + n, dy);
          std::copy(in[1], in[1] + n, x);
          for (int64_t i = 0; i < n; ++i) o[i] = inner(x[i]);
          vec_math(VecFn::Tanh, o, o, n);
          for (int64_t i = 0; i < n; ++i) o[i] = scalar(dy[i], x[i], o[i]);
        },
        [&](auto dy, auto x) { return scalar(dy, x, libm_math(VecFn::Tanh, inner(x))); });
    return;
  }
  auto combine = [](auto dy, auto x, auto erf_term, auto exp_term) {
    using T = decltype(x);
    T cdf = T(0.5) * (T(1) + erf_term);
    T pdf = T(kGeluPdf) * exp_term;
    return dy * std::fma(x, pdf, cdf);
  };
  float_pointwise<2>(
      out[0], in, VecLoop::Blocks,
      [&](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T dy[kVecChunk], x[kVecChunk], e[kVecChunk];
        std::copy(in[0], in[0] + n, dy);
        std::copy(in[1], in[1] + n, x);
        for (int64_t i = 0; i < n; ++i) {
          o[i] = x[i] * T(kSqrt1_2);
          e[i] = x[i] * x[i] * T(-0.5);
        }
        vec_math(VecFn::Erf, o, o, n);
        vec_math(VecFn::Exp, e, e, n);
        for (int64_t i = 0; i < n; ++i) o[i] = combine(dy[i], x[i], o[i], e[i]);
      },
      [&](auto dy, auto x) {
        using T = decltype(x);
        return combine(dy, x, libm_math(VecFn::Erf, x * T(kSqrt1_2)), libm_math(VecFn::Exp, x * x * T(-0.5)));
      });
}

// silu: x / (1 + exp(-x)).
void silu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary_on_copy(
      out[0], a.tensor(0),
      [](auto* o, auto* xs, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        for (int64_t i = 0; i < n; ++i) o[i] = -xs[i];
        vec_math(VecFn::Exp, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] / (T(1) + o[i]);
      },
      [](auto x) { return x / (decltype(x)(1) + libm_math(VecFn::Exp, -x)); });
}
// silu_backward(grad_output, self): dy s (1 + x (1 - s)), s = sigmoid(x).
void silu_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("silu_backward_cpu", t);
  auto combine = [](auto dy, auto x, auto e) {
    using T = decltype(x);
    T s = T(1) / (T(1) + e);
    return dy * s * std::fma(x, T(1) - s, T(1));
  };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::Blocks,
      [&](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T e[kVecChunk];
        for (int64_t i = 0; i < n; ++i) e[i] = -in[1][i];
        vec_math(VecFn::Exp, e, e, n);
        for (int64_t i = 0; i < n; ++i) o[i] = combine(in[0][i], in[1][i], e[i]);
      },
      [&](auto dy, auto x) { return combine(dy, x, libm_math(VecFn::Exp, -x)); });
}

// mish: x tanh(softplus(x)) = x tanh(log1p(exp(x))).
template <class T> void tanh_softplus(T* o, const T* x, int64_t n) {
  vec_math(VecFn::Exp, o, x, n);
  vec_math(VecFn::Log1p, o, o, n);
  vec_math(VecFn::Tanh, o, o, n);
}
template <class T> T tanh_softplus(T x) {
  return libm_math(VecFn::Tanh, libm_math(VecFn::Log1p, libm_math(VecFn::Exp, x)));
}
void mish_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary_on_copy(
      out[0], a.tensor(0),
      [](auto* o, auto* xs, int64_t n) {
        tanh_softplus(o, xs, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * o[i];
      },
      [](auto x) { return x * tanh_softplus(x); });
}
// mish_backward(grad_output, self): dy (ts + x s (1 - ts^2)), ts = tanh(softplus(x)), s = sigmoid(x).
void mish_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("mish_backward_cpu", t);
  auto combine = [](auto dy, auto x, auto e, auto ts) {
    using T = decltype(x);
    T s = T(1) / (T(1) + e);
    return dy * std::fma(x * s, std::fma(-ts, ts, T(1)), ts);
  };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::Blocks,
      [&](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T e[kVecChunk], ts[kVecChunk];
        for (int64_t i = 0; i < n; ++i) e[i] = -in[1][i];
        vec_math(VecFn::Exp, e, e, n);
        tanh_softplus(ts, in[1], n);
        for (int64_t i = 0; i < n; ++i) o[i] = combine(in[0][i], in[1][i], e[i], ts[i]);
      },
      [&](auto dy, auto x) { return combine(dy, x, libm_math(VecFn::Exp, -x), tanh_softplus(x)); });
}

// elu(self, alpha, scale, input_scale): x > 0 ? x scale : expm1(x input_scale) alpha scale.
void elu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  double alpha = a.scalar(1).to_double(), scale = a.scalar(2).to_double(), input_scale = a.scalar(3).to_double();
  auto params = [&](auto x) {
    using T = decltype(x);
    return std::array<T, 3>{T(alpha) * T(scale), T(scale), T(input_scale)};
  };
  float_unary_on_copy(
      out[0], a.tensor(0),
      [&](auto* o, auto* xs, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        auto [negcoef, poscoef, negiptcoef] = params(T());
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * negiptcoef;
        vec_math(VecFn::Expm1, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] > T(0) ? xs[i] * poscoef : o[i] * negcoef;
      },
      [&](auto x) {
        using T = decltype(x);
        auto [negcoef, poscoef, negiptcoef] = params(T());
        return x <= T(0) ? libm_math(VecFn::Expm1, x * negiptcoef) * negcoef : x * poscoef;
      });
}

// leaky_relu(self, negative_slope): x > 0 ? x : x * negative_slope.
void leaky_relu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  double slope = a.scalar(1).to_double();
  exact_float(out[0], a.tensor(0), [slope](auto x) {
    using T = decltype(x);
    return x > T(0) ? x : x * T(slope);
  });
}
// leaky_relu_backward(grad_output, self, negative_slope, self_is_result).
void leaky_relu_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("leaky_relu_backward_cpu", t);
  double slope = a.scalar(2).to_double();
  tensor::visit_dtype(t, [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      binary_loop<T, T>(out[0], to_dtype(a.tensor(1), t), to_dtype(a.tensor(0), t), [slope](T x, T g) {
        using M = OpMath<T>;
        return static_cast<T>(static_cast<M>(x) > M(0) ? static_cast<M>(g) : static_cast<M>(g) * M(slope));
      });
    }
  });
}
// hardtanh_backward(grad_output, self, min_val, max_val): 0 outside (min_val, max_val).
void hardtanh_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("hardtanh_backward_cpu", t);
  double lo = a.scalar(2).to_double(), hi = a.scalar(3).to_double();
  tensor::visit_dtype(t, [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      using M = OpMath<T>;
      M l = static_cast<M>(lo), h = static_cast<M>(hi);
      binary_loop<T, T>(out[0], to_dtype(a.tensor(1), t), to_dtype(a.tensor(0), t), [l, h](T x, T g) {
        return static_cast<M>(x) <= l || static_cast<M>(x) >= h ? T(0) : g;
      });
    }
  });
}

// softplus(self, beta, threshold): x beta > threshold ? x : log1p(exp(x beta)) / beta.
void softplus_kernel(const OpArgs& a, std::span<const Tensor> out) {
  double beta = a.scalar(1).to_double(), threshold = a.scalar(2).to_double();
  float_unary_on_copy(
      out[0], a.tensor(0),
      [&](auto* o, auto* xs, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(beta);
        vec_math(VecFn::Exp, o, o, n);
        vec_math(VecFn::Log1p, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(beta) > T(threshold) ? xs[i] : o[i] / T(beta);
      },
      [&](auto x) {
        using T = decltype(x);
        return x * T(beta) > T(threshold) ? x : libm_math(VecFn::Log1p, libm_math(VecFn::Exp, x * T(beta))) / T(beta);
      });
}

// sigmoid_backward(grad_output, output) = grad_output (1 - output) output;
// tanh_backward(grad_output, output) = grad_output (1 - output^2). Here and
// in the other backward kernels, multiply-adds are fused where GCC fuses them
// in ATen's AVX2 build.
void sigmoid_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("sigmoid_backward_cpu", t);
  auto f = [](auto g, auto y) { return g * (decltype(y)(1) - y) * y; };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::All,
      [&](auto* o, auto in, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = f(in[0][i], in[1][i]);
      },
      f);
}
void tanh_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("tanh_backward_cpu", t);
  auto f = [](auto g, auto y) { return g * std::fma(-y, y, decltype(y)(1)); };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::All,
      [&](auto* o, auto in, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = f(in[0][i], in[1][i]);
      },
      f);
}

// ---- derivatives ---------------------------------------------------------------------------

Grads relu_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("threshold_backward", g[0], c.result(), 0)};
}
Grads threshold_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("threshold_backward", g[0], self_of(c), c.args()[1])};
}
// threshold_backward, leaky_relu_backward, hardtanh_backward: linear in
// grad_output, piecewise constant in self.
template <const char* kOp> Grads masked_backward_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  std::vector<Value> args(c.values);
  args[0] = g[0].to_value();
  if (c.needs_grad_of_arg(0)) out[0] = Tensor::from_value(call_op(ops::op(kOp), args));
  if (c.needs_grad_of_arg(1)) out[1] = zeros(g[0]);
  return out;
}
constexpr char kThresholdBackward[] = "threshold_backward", kLeakyBackward[] = "leaky_relu_backward",
               kHardtanhBackward[] = "hardtanh_backward";

Grads gelu_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("gelu_backward", g[0], self_of(c), c.args()[1])};
}
// gelu_backward's own derivative (double backward through gelu).
Grads gelu_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor grad_output = c.tensor(0), x = c.tensor(1);
  Value approximate = a[2];
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("gelu_backward", g[0], x, approximate);
  if (!c.needs_grad_of_arg(1)) return out;
  Tensor d2; // second derivative of gelu at x
  if (gelu_tanh(a, 2)) {
    Tensor x_sq = mul(x, x);
    Tensor inner = mul(call_tensor("add.Tensor", x, mul(call_tensor("pow.Tensor_Scalar", x, 3), kGeluKappa)), kGeluBeta);
    Tensor t = call_tensor("tanh", inner);
    Tensor sech_sq = one_minus_square(t);                       // 1 - tanh^2
    Tensor h = mul(add(mul(x_sq, 3 * kGeluKappa), 1), kGeluBeta); // d inner / dx
    Tensor h_prime = mul(x, 6 * kGeluKappa * kGeluBeta);
    // d/dx [1/2 (1 + t) + 1/2 x sech^2 h] = sech^2 h + 1/2 x (-2 t sech^2 h^2 + sech^2 h')
    Tensor term1 = mul(sech_sq, h);
    Tensor term2 = mul(mul(x, 0.5), mul(sech_sq, call_tensor("sub.Tensor", h_prime, mul(mul(t, mul(h, h)), 2.0))));
    d2 = call_tensor("add.Tensor", term1, term2);
  } else {
    // d/dx [Phi(x) + x phi(x)] = 2 phi(x) - x^2 phi(x)
    Tensor x_sq = mul(x, x);
    Tensor pdf = mul(call_tensor("exp", mul(x_sq, -0.5)), kGeluPdf);
    d2 = call_tensor("sub.Tensor", mul(pdf, 2.0), mul(x_sq, pdf));
  }
  out[1] = mul(mul(g[0], grad_output), d2);
  return out;
}

// silu and mish: the backward kernel, or with grad mode on (create_graph)
// the same formula written with ops so it is differentiable again.
Grads silu_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c);
  if (!grad_enabled()) return {call_tensor("silu_backward", g[0], x)};
  Tensor s = call_tensor("sigmoid", x);
  return {mul(g[0], mul(s, add(mul(x, call_tensor("rsub.Scalar", s, 1)), 1)))};
}
Grads mish_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c);
  if (!grad_enabled()) return {call_tensor("mish_backward", g[0], x)};
  Tensor s = call_tensor("sigmoid", x);
  Tensor ts = call_tensor("tanh", call_tensor("softplus", x));
  return {mul(g[0], call_tensor("add.Tensor", ts, mul(mul(x, s), one_minus_square(ts))))};
}
// elu: x > 0 ? scale : alpha scale input_scale exp(x input_scale), written
// with ops (in-place elu_ reads the result: alpha scale input_scale + result input_scale).
Tensor elu_gradient(const Tensor& grad, double alpha, double scale, double input_scale, bool is_result, const Tensor& v) {
  Tensor neg = is_result ? mul(add(v, alpha * scale), input_scale)
                         : mul(call_tensor("exp", mul(v, input_scale)), alpha * scale * input_scale);
  Tensor slope = call_tensor("where.ScalarSelf", call_tensor("gt.Scalar", v, 0), scale, neg);
  return mul(grad, slope);
}
// Without a graph to build, the backward is one aten.elu_backward call (as
// PyTorch's); with create_graph, the ops above, which autograd differentiates.
Grads elu_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  const bool is_result = c.op->inplace;
  const Tensor v = is_result ? c.result() : self_of(c);
  if (!grad_enabled()) return {call_tensor("elu_backward", g[0], a[1], a[2], a[3], is_result, v)};
  return {elu_gradient(g[0], a.scalar(1).to_double(), a.scalar(2).to_double(), a.scalar(3).to_double(), is_result, v)};
}
Value elu_backward_run(const OpArgs& a) {
  return elu_gradient(a.tensor(0), a.scalar(1).to_double(), a.scalar(2).to_double(), a.scalar(3).to_double(), a.bool_(4),
                      a.tensor(5))
      .to_value();
}
Grads leaky_relu_backward(const BackwardContext& c, const Grads& g) {
  bool is_result = c.op->inplace;
  return {call_tensor("leaky_relu_backward", g[0], is_result ? c.result() : self_of(c), c.args()[1], is_result)};
}
Grads hardtanh_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("hardtanh_backward", g[0], self_of(c), a[1], a[2])};
}
// softplus: x beta > threshold ? 1 : sigmoid(x beta).
Grads softplus_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor z = mul(self_of(c), a[1]);
  Tensor slope = call_tensor("where.ScalarSelf", call_tensor("gt.Scalar", z, a[2]), 1.0, call_tensor("sigmoid", z));
  return {mul(g[0], slope)};
}
// sigmoid_backward(grad_output, output) = grad_output (1 - output) output.
Grads sigmoid_backward_backward(const BackwardContext& c, const Grads& g) {
  Tensor go = c.tensor(0), y = c.tensor(1);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("sigmoid_backward", g[0], y);
  if (c.needs_grad_of_arg(1)) out[1] = mul(mul(g[0], go), add(mul(y, -2.0), 1));
  return out;
}
// tanh_backward(grad_output, output) = grad_output (1 - output^2).
Grads tanh_backward_backward(const BackwardContext& c, const Grads& g) {
  Tensor go = c.tensor(0), y = c.tensor(1);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("tanh_backward", g[0], y);
  if (c.needs_grad_of_arg(1)) out[1] = mul(g[0], mul(mul(y, -2.0), go));
  return out;
}

} // namespace

void register_unary_activation_ops(OpRegistry& r) {
  const uint8_t both = kFunction | kMethod;
  r.def("relu(Tensor self) -> Tensor").method().structured(relu_meta, relu_kernel).inplace("relu_", both)
      .derivative("ReluBackward0", relu_backward).saves_result();
  r.def("threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor")
      .structured(threshold_meta, threshold_kernel).inplace("threshold_", kFunction)
      .derivative("ThresholdBackward0", threshold_backward).saves({"self"});
  r.def("threshold_backward(Tensor grad_output, Tensor self, Scalar threshold) -> Tensor")
      .structured(binary_float_meta, threshold_backward_kernel)
      .derivative("ThresholdBackwardBackward0", masked_backward_backward<kThresholdBackward>).saves({"self"});
  // The torch.nn.functional activations (python_module: nn): only torch.ops.aten
  // and torch._C._nn reach them.
  r.def("gelu(Tensor self, *, str approximate='none') -> Tensor").hidden()
      .structured(activation_meta<kGeluName>, gelu_kernel).inplace("gelu_", 0)
      .derivative("GeluBackward0", gelu_backward).saves({"self"});
  r.def("gelu_backward(Tensor grad_output, Tensor self, *, str approximate='none') -> Tensor").hidden()
      .structured(binary_float_meta, gelu_backward_kernel)
      .derivative("GeluBackwardBackward0", gelu_backward_backward).saves({"grad_output", "self"});
  r.def("silu(Tensor self) -> Tensor").hidden().structured(activation_meta<kSiluName>, silu_kernel)
      .inplace("silu_", 0).derivative("SiluBackward0", silu_backward).saves({"self"});
  r.def("silu_backward(Tensor grad_output, Tensor self) -> Tensor").hidden()
      .structured(binary_float_meta, silu_backward_kernel);
  r.def("mish(Tensor self) -> Tensor").hidden().structured(activation_meta<kMishName>, mish_kernel)
      .inplace("mish_", 0).derivative("MishBackward0", mish_backward).saves({"self"});
  r.def("mish_backward(Tensor grad_output, Tensor self) -> Tensor").hidden()
      .structured(binary_float_meta, mish_backward_kernel);
  r.def("elu_backward(Tensor grad_output, Scalar alpha, Scalar scale, Scalar input_scale, bool is_result, "
        "Tensor self_or_result) -> Tensor").hidden().custom(elu_backward_run).runs_without_data();
  r.def("elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor").hidden()
      .structured(activation_meta<kEluName>, elu_kernel).derivative("EluBackward0", elu_backward).saves({"self"});
  // elu_ and leaky_relu_ have grad_fns of their own: their formulas read the result.
  r.def("elu_(Tensor(a!) self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor(a!)").hidden()
      .structured(activation_meta<kEluName>, elu_kernel).derivative("EluBackward1", elu_backward).saves_result()
      .op().inplace = true;
  r.def("leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor").hidden()
      .structured(activation_meta<kLeakyName>, leaky_relu_kernel)
      .derivative("LeakyReluBackward0", leaky_relu_backward).saves({"self"});
  r.def("leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)").hidden()
      .structured(activation_meta<kLeakyName>, leaky_relu_kernel)
      .derivative("LeakyReluBackward1", leaky_relu_backward).saves_result().op().inplace = true;
  r.def("leaky_relu_backward(Tensor grad_output, Tensor self, Scalar negative_slope, bool self_is_result) -> Tensor")
      .hidden().structured(binary_float_meta, leaky_relu_backward_kernel)
      .derivative("LeakyReluBackwardBackward0", masked_backward_backward<kLeakyBackward>).saves({"self"});
  r.def("hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor").hidden()
      .structured(hardtanh_meta, hardtanh_kernel).inplace("hardtanh_", 0)
      .derivative("HardtanhBackward0", hardtanh_backward).saves({"self"});
  r.def("hardtanh_backward(Tensor grad_output, Tensor self, Scalar min_val, Scalar max_val) -> Tensor").hidden()
      .structured(binary_float_meta, hardtanh_backward_kernel)
      .derivative("HardtanhBackwardBackward0", masked_backward_backward<kHardtanhBackward>).saves({"self"});
  r.def("softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor").hidden()
      .structured(activation_meta<kSoftplusName>, softplus_kernel)
      .derivative("SoftplusBackward0", softplus_backward).saves({"self"});
  r.def("sigmoid_backward(Tensor grad_output, Tensor output) -> Tensor").hidden()
      .structured(binary_float_meta, sigmoid_backward_kernel)
      .derivative("SigmoidBackwardBackward0", sigmoid_backward_backward).saves({"grad_output", "output"});
  r.def("tanh_backward(Tensor grad_output, Tensor output) -> Tensor").hidden()
      .structured(binary_float_meta, tanh_backward_kernel)
      .derivative("TanhBackwardBackward0", tanh_backward_backward).saves({"grad_output", "output"});
}

} // namespace refc::ops
