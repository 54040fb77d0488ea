// The activations of torch.nn.functional that unary_activation_ops.cpp does not hold:
// relu6 (hardtanh(0, 6), as ATen composes it), log_sigmoid (through
// log_sigmoid_forward, whose buffer exp(-|x|) the backward reads), glu,
// hardsigmoid, hardswish, hardshrink, softshrink, celu and selu (elu with
// fixed parameters) and prelu (through _prelu_kernel), each with the backward
// op its PyTorch derivative calls. Kernels follow ATen's CPU kernels
// (Activation.cpp, GluKernel): the transcendental parts are the SLEEF
// vector forms ATen uses, the rest is exact arithmetic.
#include "reference_compiler/ops/unary_kernels.h"

#include "reference_compiler/ops/op_family.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace refc::ops {

namespace {

// The elementwise result of Tensor arguments `inputs`, which must be floating.
std::vector<TensorSpec> floating_spec(const OpArgs& a, std::initializer_list<size_t> inputs, const char* kernel) {
  TensorSpec spec = elementwise_spec(a, inputs, Promotion::Default);
  check_floating(kernel, spec.dtype);
  return {spec};
}
template <const char* kKernel, size_t... kInputs> std::vector<TensorSpec> floating_meta(const OpArgs& a) {
  return floating_spec(a, {kInputs...}, kKernel);
}

constexpr char kHardsigmoid[] = "hardsigmoid_cpu", kHardsigmoidBackward[] = "hardsigmoid_backward",
               kHardswish[] = "hardswish_cpu", kHardswishBackward[] = "hardswish_backward",
               kHardshrink[] = "hardshrink_cpu", kHardshrinkBackward[] = "hardshrink_backward_cpu",
               kSoftshrink[] = "softshrink_cpu", kSoftshrinkBackward[] = "softshrink_backward_cpu",
               kLogSigmoid[] = "log_sigmoid_cpu", kLogSigmoidBackward[] = "log_sigmoid_backward_cpu",
               kPrelu[] = "prelu_cpu";

// An op computed with the same exact arithmetic in vector and scalar form,
// over inputs converted to out's dtype.
template <size_t N, class F> void exact_pointwise(const Tensor& out, const std::array<Tensor, N>& in, F f) {
  std::array<Tensor, N> converted;
  for (size_t k = 0; k < N; ++k) converted[k] = to_dtype(in[k], out.dtype());
  float_pointwise<N>(
      out, converted, VecLoop::All,
      [f](auto* o, auto x, int64_t n) {
        for (int64_t i = 0; i < n; ++i)
          o[i] = [&]<size_t... K>(std::index_sequence<K...>) { return f(x[K][i]...); }(std::make_index_sequence<N>());
      },
      f);
}

Tensor mul(const Tensor& a, const Tensor& b) { return call_tensor("mul.Tensor", a, b); }
Tensor zeros_like(const Tensor& t) { return call_tensor("zeros_like", t); }

// ---- relu6, celu, selu: compositions of hardtanh and elu ---------------------------------

Value relu6_run(const OpArgs& a) { return call("hardtanh", a.tensor(0), 0, 6); }
Value relu6_inplace_run(const OpArgs& a) { return call("hardtanh_", a.tensor(0), 0, 6); }

constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;
Value selu_run(const OpArgs& a) { return call("elu", a.tensor(0), kSeluAlpha, kSeluScale); }
Value selu_inplace_run(const OpArgs& a) { return call("elu_", a.tensor(0), kSeluAlpha, kSeluScale); }

// celu(self, alpha) = elu(self, alpha, 1, 1 / alpha), with its own node (CeluBackward0).
double celu_inverse_alpha(const OpArgs& a) {
  double alpha = a.scalar(1).to_double();
  check(alpha != 0, "ZeroDivisionError: alpha cannot be 0 for CELU");
  return 1.0 / alpha;
}
Value celu_run(const OpArgs& a) {
  return call("elu", a.tensor(0), a.scalar(1), 1.0, celu_inverse_alpha(a));
}
Value celu_inplace_run(const OpArgs& a) {
  return call("elu_", a.tensor(0), a.scalar(1), 1.0, celu_inverse_alpha(a));
}
// d celu / dx = 1 where x > 0, else exp(x / alpha).
Grads celu_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = c.tensor(0);
  Tensor negative = call_tensor("exp", call_tensor("mul.Tensor", x, celu_inverse_alpha(c.args())));
  Tensor slope = call_tensor("where.ScalarSelf", call_tensor("gt.Scalar", x, 0), 1.0, negative);
  return {mul(g[0], slope)};
}

// ---- log_sigmoid --------------------------------------------------------------------------

// log_sigmoid_forward(self) -> (output, buffer): buffer = exp(-|x|),
// output = min(x, 0) - log1p(buffer), every element through the vector forms.
std::vector<TensorSpec> log_sigmoid_forward_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = floating_spec(a, {0}, kLogSigmoid);
  spec[0].strides = tensor::contiguous_strides(spec[0].sizes);
  return {spec[0], spec[0]};
}
void log_sigmoid_forward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor x = call_tensor("contiguous", a.tensor(0));
  float_unary(
      out[1], x, VecLoop::All,
      [](auto* o, auto* in, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = -std::abs(in[i]);
        vec_math(VecFn::Exp, o, o, n);
      },
      [](auto v) { return libm_math(VecFn::Exp, -std::abs(v)); });
  std::array<Tensor, 2> in = {x, out[1]};
  float_pointwise<2>(
      out[0], in, VecLoop::All,
      [](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T l[kVecChunk];
        vec_math(VecFn::Log1p, l, in[1], n);
        for (int64_t i = 0; i < n; ++i) o[i] = std::min(in[0][i], T(0)) - l[i];
      },
      [](auto v, auto buffer) { return std::min(v, decltype(v)(0)) - libm_math(VecFn::Log1p, buffer); });
}
Value log_sigmoid_run(const OpArgs& a) { return unpack_tensors(call("log_sigmoid_forward", a.tensor(0)))[0].to_value(); }

// log_sigmoid_backward(grad_output, self, buffer):
// (x < 0 ? 1 - b / (1 + b) : b / (1 + b)) * grad_output.
void log_sigmoid_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_pointwise<3>(out[0], {a.tensor(1), a.tensor(2), a.tensor(0)}, [](auto x, auto b, auto g) {
    using T = decltype(x);
    const bool negative = x < T(0);
    const T max_deriv = negative ? T(1) : T(0), sign = negative ? T(1) : T(-1);
    return (max_deriv - sign * (b / (T(1) + b))) * g;
  });
}
Grads log_sigmoid_forward_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("log_sigmoid_backward", g[0], c.tensor(0), c.result(1))};
}
// log_sigmoid_double_backward: d/dx of the derivative is sigmoid(x) (sigmoid(x) - 1).
Grads log_sigmoid_backward_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  Tensor x = c.tensor(1);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("log_sigmoid_backward", g[0], x, c.tensor(2));
  if (c.needs_grad_of_arg(1)) {
    Tensor z = call_tensor("sigmoid", x);
    out[1] = mul(mul(mul(g[0], c.tensor(0)), call_tensor("sub.Tensor", z, 1)), z);
  }
  return out;
}

// ---- glu ----------------------------------------------------------------------------------

struct GluHalves {
  int64_t dim;
  Tensor first, second;
};
GluHalves glu_halves(const Tensor& self, int64_t dim_arg) {
  check(self.dim() > 0, "glu does not support scalars because halving size must be even");
  const int64_t dim = wrap_dim(dim_arg, self.dim());
  const int64_t n = self.size(dim);
  check(n % 2 == 0, "Halving dimension must be even, but dimension " + std::to_string(dim) + " is size " +
                        std::to_string(n));
  return {dim, call_tensor("narrow", self, dim, 0, n / 2), call_tensor("narrow", self, dim, n / 2, n / 2)};
}
// glu(self, dim) = first half * sigmoid(second half).
std::vector<TensorSpec> glu_meta(const OpArgs& a) {
  GluHalves h = glu_halves(a.tensor(0), a.int_(1));
  const Tensor operands[] = {h.first, h.second};
  TensorSpec spec = elementwise_spec(operands, a.tensor(0).dtype());
  check_floating("glu_cpu", spec.dtype);
  return {spec};
}
void glu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  GluHalves h = glu_halves(a.tensor(0), a.int_(1));
  auto scalar = [](auto x, auto y) {
    using T = decltype(x);
    return x * (T(1) / (T(1) + libm_math(VecFn::Exp, -y)));
  };
  float_pointwise<2>(
      out[0], {h.first, h.second}, VecLoop::Blocks,
      [](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        for (int64_t i = 0; i < n; ++i) o[i] = -in[1][i];
        vec_math(VecFn::Exp, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = in[0][i] * (T(1) / (T(1) + o[i]));
      },
      scalar);
}
// glu_backward(grad_output, self, dim): sigmoid(b) grad_output for the first
// half, (1 - sigmoid(b)) sigmoid(b) a grad_output for the second.
Value glu_backward_run(const OpArgs& a) {
  Tensor grad = a.tensor(0);
  GluHalves h = glu_halves(a.tensor(1), a.int_(2));
  Tensor s = call_tensor("sigmoid", h.second);
  Tensor second = mul(mul(mul(call_tensor("rsub.Scalar", s, 1), s), h.first), grad);
  return call("cat", std::vector<Tensor>{mul(s, grad), second}, h.dim);
}
Grads glu_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("glu_backward", g[0], c.tensor(0), c.args()[1])};
}

// ---- hardsigmoid, hardswish ---------------------------------------------------------------

void hardsigmoid_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_pointwise<1>(out[0], {a.tensor(0)}, [](auto x) {
    using T = decltype(x);
    return std::min(std::max(x + T(3), T(0)), T(6)) / T(6);
  });
}
void hardsigmoid_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_pointwise<2>(out[0], {a.tensor(0), a.tensor(1)}, [](auto g, auto x) {
    using T = decltype(x);
    return x > T(-3) && x < T(3) ? g * T(1.0f / 6.0f) : T(0);
  });
}
void hardswish_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_pointwise<1>(out[0], {a.tensor(0)}, [](auto x) {
    using T = decltype(x);
    return x * std::min(std::max(x + T(3), T(0)), T(6)) / T(6);
  });
}
void hardswish_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_pointwise<2>(out[0], {a.tensor(0), a.tensor(1)}, [](auto g, auto x) {
    using T = decltype(x);
    if (x <= T(-3)) return T(0);
    if (x < T(3)) return g * ((x / T(3)) + T(0.5));
    return g;
  });
}
Grads hardsigmoid_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("hardsigmoid_backward", g[0], c.tensor(0))};
}
Grads hardswish_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("hardswish_backward", g[0], c.tensor(0))};
}
// hardsigmoid_backward is piecewise constant in self.
Grads hardsigmoid_backward_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("hardsigmoid_backward", g[0], c.tensor(1));
  if (c.needs_grad_of_arg(1)) out[1] = zeros_like(g[0]);
  return out;
}
// hardswish_backward: d/dself = grad_output / 3 on (-3, 3).
Grads hardswish_backward_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  Tensor x = c.tensor(1);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("hardswish_backward", g[0], x);
  if (c.needs_grad_of_arg(1)) {
    Tensor inside = call_tensor("logical_and", call_tensor("gt.Scalar", x, -3.0), call_tensor("lt.Scalar", x, 3.0));
    out[1] = call_tensor("where.ScalarOther", inside, call_tensor("div.Tensor", mul(g[0], c.tensor(0)), 3.0), 0.0);
  }
  return out;
}

// ---- hardshrink, softshrink ---------------------------------------------------------------

void hardshrink_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const double lambd = a.scalar(1).to_double();
  exact_pointwise<1>(out[0], {a.tensor(0)}, [lambd](auto x) {
    using T = decltype(x);
    return x >= T(-lambd) && x <= T(lambd) ? T(0) : x;
  });
}
// lambd must be a non-negative value of the input's dtype.
std::vector<TensorSpec> softshrink_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = floating_spec(a, {0}, kSoftshrink);
  const double lambd = a.scalar(1).to_double();
  tensor::visit_dtype(spec[0].dtype, [&]<class T>() {
    const double max = static_cast<double>(std::numeric_limits<T>::max());
    std::ostringstream message;
    message << "lambda must be in range [0, " << max << "] for input dtype " << tensor::scalar_type_name(spec[0].dtype)
            << ", but found " << lambd;
    check(lambd >= 0 && lambd <= max, message.str());
  });
  return spec;
}
void softshrink_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const double lambd = a.scalar(1).to_double();
  exact_pointwise<1>(out[0], {a.tensor(0)}, [lambd](auto x) {
    using T = decltype(x);
    const T l = T(lambd);
    return x > l ? x - l : (x < -l ? x + l : x * T(0));
  });
}
// hardshrink_backward / softshrink_backward(grad, self, lambd): 0 on [-lambd, lambd].
void shrink_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const double lambd = a.scalar(2).to_double();
  exact_pointwise<2>(out[0], {a.tensor(0), a.tensor(1)}, [lambd](auto g, auto x) {
    using T = decltype(x);
    return x >= T(-lambd) && x <= T(lambd) ? T(0) : g;
  });
}
template <const char* kBackward> Grads shrink_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor(kBackward, g[0], c.tensor(0), c.args()[1])};
}
template <const char* kBackward> Grads shrink_backward_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor(kBackward, g[0], c.tensor(1), c.args()[2]);
  if (c.needs_grad_of_arg(1)) out[1] = zeros_like(g[0]);
  return out;
}
constexpr char kHardshrinkBackwardOp[] = "hardshrink_backward", kSoftshrinkBackwardOp[] = "softshrink_backward";

// ---- prelu --------------------------------------------------------------------------------

// prelu(self, weight): weight (a scalar or one value per channel) reshaped to
// broadcast over dimension 1, then _prelu_kernel.
Value prelu_run(const OpArgs& a) {
  Tensor self = a.tensor(0), weight = a.tensor(1);
  const int64_t ndim = self.dim();
  check(self.dtype() == weight.dtype(), "prelu: Type promoting not supported. Got " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " and " +
                                            std::string(tensor::scalar_type_name(weight.dtype())));
  if (weight.numel() != 1) {
    check(ndim > 0, "Not allow zero-dim input tensor.");
    const int64_t channels = ndim > 1 ? self.size(1) : 1;
    check(channels == weight.numel(), "Mismatch of parameter numbers and input channel size. Found parameter numbers = " +
                                          std::to_string(weight.numel()) + " and channel size = " +
                                          std::to_string(channels) + ".");
  }
  check(weight.dim() <= 1,
        "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = " + std::to_string(weight.dim()));
  if (ndim != weight.dim()) {
    tensor::IntVector shape(ndim, 1);
    if (ndim > 1) shape[1] = weight.numel();
    weight = call_tensor("reshape", weight, shape);
  }
  return call("_prelu_kernel", self, weight);
}
void prelu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_pointwise<2>(out[0], {a.tensor(0), a.tensor(1)}, [](auto x, auto w) {
    return x > decltype(x)(0) ? x : w * x;
  });
}
// _prelu_kernel_backward, written with ops: grad where x > 0, weight * grad
// elsewhere; the weight's gradient x * grad where x <= 0.
Grads prelu_kernel_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = c.tensor(0), w = c.tensor(1);
  Tensor positive = call_tensor("gt.Scalar", x, 0);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("where.self", positive, g[0], mul(w, g[0]));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("where.ScalarSelf", positive, 0.0, mul(x, g[0]));
  return out;
}

} // namespace

void register_activation_ops(OpRegistry& r) {
  r.def("relu6(Tensor self) -> Tensor").hidden().composite(relu6_run);
  r.def("relu6_(Tensor(a!) self) -> Tensor(a!)").hidden().composite(relu6_inplace_run);
  r.def("selu(Tensor self) -> Tensor").composite(selu_run);
  r.def("selu_(Tensor(a!) self) -> Tensor(a!)").composite(selu_inplace_run);
  r.def("celu(Tensor self, Scalar alpha=1.0) -> Tensor")
      .custom(celu_run).runs_without_data().derivative("CeluBackward0", celu_backward).saves({"self"});
  // PyTorch's celu_ records CeluBackward1; refc's runs elu_ (EluBackward1, the same formula).
  r.def("celu_(Tensor(a!) self, Scalar alpha=1.0) -> Tensor(a!)").composite(celu_inplace_run);

  r.def("log_sigmoid_forward(Tensor self) -> (Tensor output, Tensor buffer)").hidden()
      .structured(log_sigmoid_forward_meta, log_sigmoid_forward_kernel)
      .derivative("LogSigmoidBackward0", log_sigmoid_forward_backward).saves({"self"}).saves_results({1})
      .differentiable_outputs({0});
  r.def("log_sigmoid(Tensor self) -> Tensor").hidden().composite(log_sigmoid_run);
  r.def("log_sigmoid_backward(Tensor grad_output, Tensor self, Tensor buffer) -> Tensor").hidden()
      .structured(floating_meta<kLogSigmoidBackward, 0, 1, 2>, log_sigmoid_backward_kernel)
      .derivative("LogSigmoidBackwardBackward0", log_sigmoid_backward_backward)
      .saves({"grad_output", "self", "buffer"});

  r.def("glu(Tensor self, int dim=-1) -> Tensor").hidden().structured(glu_meta, glu_kernel)
      .derivative("GluBackward0", glu_backward).saves({"self"});
  r.def("glu_backward(Tensor grad_output, Tensor self, int dim) -> Tensor").hidden().custom(glu_backward_run).runs_without_data();

  r.def("hardsigmoid(Tensor self) -> Tensor").hidden()
      .structured(floating_meta<kHardsigmoid, 0>, hardsigmoid_kernel).inplace("hardsigmoid_", 0)
      .derivative("HardsigmoidBackward0", hardsigmoid_backward).saves({"self"});
  r.def("hardsigmoid_backward(Tensor grad_output, Tensor self) -> Tensor").hidden()
      .structured(floating_meta<kHardsigmoidBackward, 0, 1>, hardsigmoid_backward_kernel)
      .derivative("HardsigmoidBackwardBackward0", hardsigmoid_backward_backward).saves({"self"});
  r.def("hardswish(Tensor self) -> Tensor").hidden()
      .structured(floating_meta<kHardswish, 0>, hardswish_kernel).inplace("hardswish_", 0)
      .derivative("HardswishBackward0", hardswish_backward).saves({"self"});
  r.def("hardswish_backward(Tensor grad_output, Tensor self) -> Tensor").hidden()
      .structured(floating_meta<kHardswishBackward, 0, 1>, hardswish_backward_kernel)
      .derivative("HardswishBackwardBackward0", hardswish_backward_backward).saves({"grad_output", "self"});

  r.def("hardshrink(Tensor self, Scalar lambd=0.5) -> Tensor").method()
      .structured(floating_meta<kHardshrink, 0>, hardshrink_kernel)
      .derivative("HardshrinkBackward0", shrink_backward<kHardshrinkBackwardOp>).saves({"self"});
  r.def("hardshrink_backward(Tensor grad_out, Tensor self, Scalar lambd) -> Tensor").hidden()
      .structured(floating_meta<kHardshrinkBackward, 0, 1>, shrink_backward_kernel)
      .derivative("HardshrinkBackwardBackward0", shrink_backward_backward<kHardshrinkBackwardOp>).saves({"self"});
  r.def("softshrink(Tensor self, Scalar lambd=0.5) -> Tensor").hidden().structured(softshrink_meta, softshrink_kernel)
      .derivative("SoftshrinkBackward0", shrink_backward<kSoftshrinkBackwardOp>).saves({"self"});
  r.def("softshrink_backward(Tensor grad_output, Tensor self, Scalar lambd) -> Tensor").hidden()
      .structured(floating_meta<kSoftshrinkBackward, 0, 1>, shrink_backward_kernel)
      .derivative("SoftshrinkBackwardBackward0", shrink_backward_backward<kSoftshrinkBackwardOp>).saves({"self"});

  r.def("prelu(Tensor self, Tensor weight) -> Tensor").method().composite(prelu_run);
  r.def("_prelu_kernel(Tensor self, Tensor weight) -> Tensor").structured(floating_meta<kPrelu, 0, 1>, prelu_kernel)
      .derivative("PreluKernelBackward0", prelu_kernel_backward).saves({"self", "weight"});
}

} // namespace refc::ops
