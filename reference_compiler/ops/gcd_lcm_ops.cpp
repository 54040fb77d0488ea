// gcd and lcm of integer tensors (with broadcasting and in-place forms), by
// ATen's calc_gcd: Euclid's algorithm on the absolute values; lcm is
// |a / gcd * b|, 0 when both are 0. Other dtypes are not implemented, as in
// ATen; neither op is differentiable.
#include "reference_compiler/ops/binary_kernels.h"
#include "reference_compiler/ops/op_family.h"

namespace refc::ops {

namespace {

template <class T> T gcd_of(T a, T b) {
  a = a < 0 ? static_cast<T>(-a) : a;
  b = b < 0 ? static_cast<T>(-b) : b;
  while (a != 0) {
    T c = a;
    a = static_cast<T>(b % a);
    b = c;
  }
  return b;
}

std::vector<TensorSpec> gcd_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::Default)}; }

template <bool kLcm> void gcd_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const DType t = out[0].dtype();
  if (!tensor::is_integral(t) || t == DType::Bool) dtype_not_implemented(kLcm ? "lcm_cpu" : "gcd_cpu", t);
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        T g = gcd_of(x, y);
        if constexpr (!kLcm) return g;
        if (g == 0) return T(0);
        T l = static_cast<T>(x / g * y);
        return l < 0 ? static_cast<T>(-l) : l;
      } else {
        return T(0); // not reached: other dtypes were refused above
      }
    };
  });
}

} // namespace

void register_gcd_lcm_ops(OpRegistry& r) {
  const uint8_t both = kFunction | kMethod;
  r.def("gcd(Tensor self, Tensor other) -> Tensor").method().structured(gcd_meta, gcd_kernel<false>).inplace("gcd_", both);
  r.def("lcm(Tensor self, Tensor other) -> Tensor").method().structured(gcd_meta, gcd_kernel<true>).inplace("lcm_", both);
}

} // namespace refc::ops
