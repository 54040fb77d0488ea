// Binary arithmetic with broadcasting and type promotion: add and sub (with
// alpha), mul, div (with rounding modes). Each op is one functor over the
// compute type; run_binary converts the operands and picks the loop.
#include "reference_compiler/ops/binary_kernels.h"

#include "reference_compiler/ops/op_family.h"

#include <cmath>

namespace refc::ops {

using lang::Value;
using tensor::Scalar;

namespace {

using Grads = std::vector<Tensor>;

std::vector<TensorSpec> binary_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::Default)}; }
std::vector<TensorSpec> true_div_meta(const OpArgs& a) {
  if (a.size() > 2 && !a.is_none(2)) return binary_meta(a); // rounding modes keep the promoted type
  return {elementwise_spec(a, {0, 1}, Promotion::IntToFloat)};
}

void check_alpha(const Tensor& out, const Scalar& alpha) {
  if (out.dtype() == DType::Bool) {
    check(alpha.is_bool() || alpha.to_double() == 0 || alpha.to_double() == 1,
          "Boolean alpha only supported for Boolean results.");
  } else if (!tensor::is_floating(out.dtype())) {
    check(alpha.is_integral(), "For integral input tensors, argument alpha must not be a floating point number.");
  }
}

template <bool kSubtract> void add_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Scalar alpha = a.scalar(2);
  check_alpha(out[0], alpha);
  if (kSubtract && out[0].dtype() == DType::Bool)
    fail("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
         "`logical_xor()` operator instead.");
  if (alpha.to_double() == 1) {
    run_binary(a, out[0], []<class T>() {
      return [](T x, T y) {
        if constexpr (kSubtract) return static_cast<T>(x - y);
        else if constexpr (std::is_same_v<T, bool>) return static_cast<T>(x || y);
        else return static_cast<T>(x + y);
      };
    });
    return;
  }
  run_binary(a, out[0], [&]<class T>() {
    T alpha_t = alpha.to<T>();
    return [alpha_t](T x, T y) {
      if constexpr (kSubtract) return static_cast<T>(x - alpha_t * y);
      else if constexpr (std::is_same_v<T, bool>) return static_cast<T>(x || (alpha_t && y));
      else return static_cast<T>(x + alpha_t * y);
    };
  });
}

void mul_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) {
      if constexpr (std::is_same_v<T, bool>) return static_cast<T>(x && y);
      else return static_cast<T>(x * y);
    };
  });
}

// Python-style floor division and modulo for integers.
template <class T> T floor_div_int(T x, T y) {
  T q = static_cast<T>(x / y);
  if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
  return q;
}

void div_kernel(const OpArgs& a, std::span<const Tensor> out) {
  std::string_view mode = a.size() > 2 && !a.is_none(2) ? a.str(2) : std::string_view();
  if (!mode.empty() && mode != "trunc" && mode != "floor")
    fail("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + std::string(mode) + "'");
  bool integral = !tensor::is_floating(out[0].dtype());
  if (integral && out[0].dtype() != DType::Bool) {
    // Integer division by zero is an error, as in PyTorch.
    Tensor divisor = a.tensor(1);
    bool zero = false;
    Tensor d = to_dtype(divisor, DType::Int64);
    for_each_row(plan_loop(d, std::span<const Tensor>{}), [&](char** p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) zero |= *reinterpret_cast<int64_t*>(p[0] + i * s[0]) == 0;
    });
    if (zero) lang::raise(lang::exc::ZeroDivisionError, "ZeroDivisionError");
  }
  bool floor = mode == "floor", trunc = mode == "trunc";
  run_binary(a, out[0], [&]<class T>() {
    return [floor, trunc](T x, T y) -> T {
      if constexpr (std::is_same_v<T, bool>) {
        return static_cast<T>(x && y);
      } else if constexpr (std::is_integral_v<T>) {
        if (floor) return floor_div_int<T>(x, y);
        return static_cast<T>(x / y);
      } else {
        using F = std::conditional_t<std::is_same_v<T, double>, double, float>;
        F fx = static_cast<F>(x), fy = static_cast<F>(y);
        if (trunc) return static_cast<T>(std::trunc(fx / fy));
        if (floor) {
          // PyTorch's div_floor_floating: floor of the exact quotient via fmod.
          if (fy == 0) return static_cast<T>(fx / fy);
          F mod = std::fmod(fx, fy);
          F div = (fx - mod) / fy;
          if (mod != 0 && ((fy < 0) != (mod < 0))) div -= 1;
          F floordiv;
          if (div != 0) {
            floordiv = std::floor(div);
            if (div - floordiv > F(0.5)) floordiv += 1;
          } else {
            floordiv = std::copysign(F(0), fx / fy);
          }
          return static_cast<T>(floordiv);
        }
        return static_cast<T>(fx / fy);
      }
    };
  });
}

// ---- derivatives ---------------------------------------------------------------------------

Grads add_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  Scalar alpha = c.args().scalar(2);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  if (c.needs_grad_of_arg(1)) out[1] = alpha.to_double() == 1 ? g[0] : call_tensor("mul.Tensor", g[0], alpha);
  return out;
}
Grads sub_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  Scalar alpha = c.args().scalar(2);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  if (c.needs_grad_of_arg(1))
    out[1] = call_tensor("mul.Tensor", g[0], alpha.is_integral() ? Scalar(-alpha.to_int()) : Scalar(-alpha.to_double()));
  return out;
}
Grads mul_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mul.Tensor", g[0], c.args()[1]);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", g[0], c.args()[0]);
  return out;
}
Grads div_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  OpArgs a = c.args();
  if (a.size() > 2 && !a.is_none(2)) { // rounding modes have zero gradient almost everywhere
    if (c.needs_grad_of_arg(0)) out[0] = call_tensor("zeros_like", g[0]);
    if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros_like", g[0]);
    return out;
  }
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("div.Tensor", g[0], a[1]);
  if (c.needs_grad_of_arg(1)) {
    // -grad * self / (other * other)
    Value other = a[1];
    Tensor num = call_tensor("mul.Tensor", call_tensor("mul.Tensor", g[0], int64_t{-1}), a[0]);
    out[1] = call_tensor("div.Tensor", num, call_tensor("mul.Tensor", other, other));
  }
  return out;
}

} // namespace

void register_binary_ops(OpRegistry& r) {
  r.def("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor").method().numbers_as_tensors()
      .structured(binary_meta, add_kernel<false>).inplace("add_.Tensor")
      .derivative("AddBackward0", add_backward);
  r.def("sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor").method().numbers_as_tensors()
      .structured(binary_meta, add_kernel<true>).inplace("sub_.Tensor")
      .derivative("SubBackward0", sub_backward);
  r.def("mul.Tensor(Tensor self, Tensor other) -> Tensor").method().numbers_as_tensors()
      .structured(binary_meta, mul_kernel).inplace("mul_.Tensor")
      .derivative("MulBackward0", mul_backward).saves({"self", "other"});
  r.def("div.Tensor(Tensor self, Tensor other) -> Tensor").method().numbers_as_tensors()
      .structured(true_div_meta, div_kernel).inplace("div_.Tensor")
      .derivative("DivBackward0", div_backward).saves({"self", "other"});
  r.def("div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor").method().numbers_as_tensors()
      .structured(true_div_meta, div_kernel).inplace("div_.Tensor_mode")
      .derivative("DivBackward1", div_backward).saves({"self", "other"});
}

} // namespace refc::ops
