// logaddexp and logaddexp2, log(e^a + e^b) and log2(2^a + 2^b) without
// overflow (ATen's max(a, b) + log1p(exp(-|a - b|)), equal infinities
// returned as they are), and deg2rad / rad2deg, which multiply by pi / 180
// and its inverse in the input's floating type; with their derivatives.
#include "reference_compiler/ops/binary_kernels.h"
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <numbers>

namespace refc::ops {

namespace {

std::vector<TensorSpec> binary_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::Default)}; }

template <bool kBase2> void logaddexp_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const char* kernel = kBase2 ? "logaddexp2_cpu" : "logaddexp_cpu";
  if (!tensor::is_floating(out[0].dtype())) dtype_not_implemented(kernel, out[0].dtype());
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_integral_v<T>) {
        return T(0); // not reached: integral dtypes were refused above
      } else {
        using M = OpMath<T>;
        const M a = static_cast<M>(x), b = static_cast<M>(y);
        if (std::isinf(a) && a == b) return x;
        const M m = std::max(a, b), d = -std::abs(a - b);
        if constexpr (kBase2) return static_cast<T>(m + std::log1p(std::exp2(d)) * M(1 / std::numbers::ln2));
        else return static_cast<T>(m + std::log1p(std::exp(d)));
      }
    };
  });
}

// d/da log(e^a + e^b) = 1 / (1 + e^(b - a)); the base-2 form with exp2.
template <bool kBase2> Grads logaddexp_backward(const BackwardContext& c, const Grads& g) {
  const char* exp = kBase2 ? "exp2" : "exp";
  Tensor self = c.tensor(0), other = c.tensor(1);
  auto share = [&](const Tensor& x, const Tensor& y) {
    return call_tensor("div.Tensor", g[0], call_tensor("add.Tensor", call_tensor(exp, call_tensor("sub.Tensor", y, x)), 1));
  };
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = share(self, other);
  if (c.needs_grad_of_arg(1)) out[1] = share(other, self);
  return out;
}

// deg2rad / rad2deg: one multiplication by the factor rounded to the dtype,
// as ATen's mul by a wrapped double does.
std::vector<TensorSpec> angle_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::IntToFloat)}; }
constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;
template <bool kToRadians> void angle_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const double factor = kToRadians ? std::numbers::pi / 180.0 : kDegreesPerRadian;
  Tensor x = to_dtype(a.tensor(0), out[0].dtype());
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      using M = OpMath<T>;
      const M f = static_cast<M>(static_cast<T>(factor));
      unary_loop<T, T>(out[0], x, [f](T v) { return static_cast<T>(static_cast<M>(v) * f); });
    }
  });
}
template <bool kToRadians> Grads angle_backward(const BackwardContext&, const Grads& g) {
  return {call_tensor("mul.Tensor", g[0], kToRadians ? std::numbers::pi / 180.0 : kDegreesPerRadian)};
}

} // namespace

void register_log_add_exp_ops(OpRegistry& r) {
  const uint8_t both = kFunction | kMethod;
  r.def("logaddexp(Tensor self, Tensor other) -> Tensor").method().structured(binary_meta, logaddexp_kernel<false>)
      .derivative("LogaddexpBackward0", logaddexp_backward<false>).saves({"self", "other"});
  r.def("logaddexp2(Tensor self, Tensor other) -> Tensor").method().structured(binary_meta, logaddexp_kernel<true>)
      .derivative("Logaddexp2Backward0", logaddexp_backward<true>).saves({"self", "other"});
  r.def("deg2rad(Tensor self) -> Tensor").method().structured(angle_meta, angle_kernel<true>).inplace("deg2rad_", both)
      .derivative("Deg2RadBackward0", angle_backward<true>);
  r.def("rad2deg(Tensor self) -> Tensor").method().structured(angle_meta, angle_kernel<false>).inplace("rad2deg_", both)
      .derivative("Rad2DegBackward0", angle_backward<false>);
}

} // namespace refc::ops
