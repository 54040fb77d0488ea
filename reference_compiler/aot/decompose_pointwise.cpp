// Decompositions of pointwise ops and their backward formulas
// (decompositions.def, "pointwise"): activations as the arithmetic they
// compute, their gradients as torch.where over the same conditions the
// kernels test.
#include "reference_compiler/aot/decompose.h"

#include <cmath>

namespace refc::aot::decomp {

namespace {

Tensor mul(const Tensor& x, const Tensor& y) { return call_tensor("mul.Tensor", x, y); }
Tensor mul(const Tensor& x, double c) { return call_tensor("mul.Tensor", x, c); }
Tensor add(const Tensor& x, const Tensor& y) { return call_tensor("add.Tensor", x, y); }
Tensor add(const Tensor& x, double c) { return call_tensor("add.Tensor", x, c); }
// c - x, as a decomposition's `1 - y` traces (rsub, itself decomposed).
Tensor rsub(double c, const Tensor& x) { return call_tensor("rsub.Scalar", x, c); }
Tensor where(const Tensor& cond, const Tensor& x, const Tensor& y) { return call_tensor("where.self", cond, x, y); }

constexpr double kSqrt1_2 = 0.70710678118654752440, k2_SqrtPi = 1.12837916709551257390, kSqrt2 = 1.41421356237309504880;

} // namespace

// inductor: clamp_min then clamp_max.
lang::Value decompose_clamp(const ops::OpArgs& a) {
  Tensor x = a.tensor(0);
  if (auto lo = a.optional_scalar(1)) x = call_tensor("clamp_min", x, *lo);
  if (auto hi = a.optional_scalar(2)) x = call_tensor("clamp_max", x, *hi);
  return result(x);
}

// rsub(self, other, alpha) = other - alpha * self.
lang::Value decompose_rsub_scalar(const ops::OpArgs& a) {
  return result(call_tensor("sub.Tensor", ops::scalar_value(a.scalar(1)), a.tensor(0), ops::scalar_value(a.scalar(2))));
}

lang::Value decompose_masked_fill_scalar(const ops::OpArgs& a) {
  const Tensor self = a.tensor(0);
  return result(where(a.tensor(1), call_tensor("scalar_tensor", ops::scalar_value(a.scalar(2)), self.dtype(),
                                               std::nullopt, self.device()),
                      self));
}

// x * 0.5 * (1 + erf(x / sqrt 2)); tanh: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
lang::Value decompose_gelu(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  if (!is_opmath(x)) return {};
  if (a.str(1) == "tanh") {
    const double kBeta = kSqrt2 * k2_SqrtPi * 0.5, kKappa = 0.044715;
    Tensor cube = call_tensor("pow.Tensor_Scalar", x, 3);
    Tensor inner = mul(add(x, mul(cube, kKappa)), kBeta);
    return result(mul(mul(x, 0.5), add(call_tensor("tanh", inner), 1.0)));
  }
  return result(mul(mul(x, 0.5), add(call_tensor("erf", mul(x, kSqrt1_2)), 1.0)));
}

lang::Value decompose_gelu_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), x = a.tensor(1);
  if (!is_opmath(x)) return {};
  if (a.str(2) == "tanh") {
    const double kBeta = kSqrt2 * k2_SqrtPi * 0.5, kKappa = 0.044715;
    Tensor x_sq = mul(x, x);
    Tensor x_cube = mul(x_sq, x);
    Tensor tanh_inner = call_tensor("tanh", mul(add(x, mul(x_cube, kKappa)), kBeta));
    Tensor left = mul(x, 0.5);
    Tensor right = add(tanh_inner, 1.0);
    Tensor left_derivative = mul(right, 0.5);
    Tensor tanh_derivative = rsub(1.0, mul(tanh_inner, tanh_inner));
    Tensor inner_derivative = mul(add(mul(x_sq, 3 * kKappa), 1.0), kBeta);
    Tensor right_derivative = mul(mul(left, tanh_derivative), inner_derivative);
    return result(mul(grad, add(left_derivative, right_derivative)));
  }
  const double kBeta = k2_SqrtPi * kSqrt1_2 * 0.5;
  Tensor cdf = mul(add(call_tensor("erf", mul(x, kSqrt1_2)), 1.0), 0.5);
  Tensor pdf = mul(call_tensor("exp", mul(mul(x, x), -0.5)), kBeta);
  return result(mul(grad, add(cdf, mul(x, pdf))));
}

lang::Value decompose_silu(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  if (!is_opmath(x)) return {};
  return result(mul(x, call_tensor("sigmoid", x)));
}

lang::Value decompose_silu_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), x = a.tensor(1);
  if (!is_opmath(x)) return {};
  Tensor s = call_tensor("sigmoid", x);
  return result(mul(mul(grad, s), add(mul(x, rsub(1.0, s)), 1.0)));
}

lang::Value decompose_sigmoid_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), y = a.tensor(1);
  if (!is_opmath(y)) return {};
  return result(mul(grad, mul(y, rsub(1.0, y))));
}

lang::Value decompose_tanh_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), y = a.tensor(1);
  if (!is_opmath(y)) return {};
  return result(mul(grad, rsub(1.0, mul(y, y))));
}

// where(self <= threshold, 0, grad).
lang::Value decompose_threshold_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), self = a.tensor(1);
  Tensor le = call_tensor("le.Scalar", self, ops::scalar_value(a.scalar(2)));
  return result(where(le, scalar_like(0.0, grad), grad));
}

lang::Value decompose_leaky_relu(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  if (!is_opmath(x)) return {};
  Tensor gt = call_tensor("gt.Scalar", x, 0);
  return result(where(gt, x, call_tensor("mul.Tensor", x, ops::scalar_value(a.scalar(1)))));
}

lang::Value decompose_leaky_relu_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), self = a.tensor(1);
  if (!is_opmath(self)) return {};
  Tensor gt = call_tensor("gt.Scalar", self, 0);
  return result(where(gt, grad, call_tensor("mul.Tensor", grad, ops::scalar_value(a.scalar(2)))));
}

// where(x > 0, scale x, alpha scale expm1(x input_scale)) (_refs.nn.functional.elu).
lang::Value decompose_elu(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  if (!is_opmath(x)) return {};
  const double alpha = a.scalar(1).to_double(), scale = a.scalar(2).to_double(), input_scale = a.scalar(3).to_double();
  Tensor negative = mul(call_tensor("expm1", mul(x, input_scale)), alpha * scale);
  return result(where(call_tensor("gt.Scalar", x, 0), mul(x, scale), negative));
}

lang::Value decompose_elu_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), v = a.tensor(5);
  if (!is_opmath(v)) return {};
  const double negcoef = a.scalar(1).to_double() * a.scalar(2).to_double(), poscoef = a.scalar(2).to_double();
  const double negiptcoef = a.scalar(3).to_double();
  Tensor negative = a.bool_(4) ? mul(mul(grad, negiptcoef), add(v, negcoef))
                               : mul(mul(mul(grad, negiptcoef), negcoef), call_tensor("exp", mul(v, negiptcoef)));
  return result(where(call_tensor("le.Scalar", v, 0), negative, mul(grad, poscoef)));
}

lang::Value decompose_hardtanh(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  if (!is_opmath(x)) return {};
  return result(call_tensor("clamp_max", call_tensor("clamp_min", x, ops::scalar_value(a.scalar(1))),
                            ops::scalar_value(a.scalar(2))));
}

// where(self <= min | self >= max, 0, grad).
lang::Value decompose_hardtanh_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), self = a.tensor(1);
  if (!is_opmath(self)) return {};
  Tensor outside = call_tensor("bitwise_or.Tensor", call_tensor("le.Scalar", self, ops::scalar_value(a.scalar(2))),
                               call_tensor("ge.Scalar", self, ops::scalar_value(a.scalar(3))));
  return result(where(outside, scalar_like(0.0, grad), grad));
}

} // namespace refc::aot::decomp
