// What the two unary op families, unary_ops.cpp and unary_activation_ops.cpp,
// share: the same-dtype meta, the exact float loop, clamping into an output's
// dtype, and the op calls their derivative formulas are written with.
#pragma once

#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <vector>

namespace refc::ops::unary {

constexpr double k2SqrtPi = 1.12837916709551257390; // M_2_SQRTPI

inline std::vector<TensorSpec> same_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::Default)}; }

// A float op computed exactly (one IEEE operation per element), the same in
// vector and scalar form.
template <class F> void exact_float(const Tensor& out, const Tensor& in, F f) {
  float_unary(
      out, in, VecLoop::All,
      [f](auto* o, auto* x, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = f(x[i]);
      },
      f);
}

// Clamps into out's dtype; `lo`/`hi` are the bounds' tensors (undefined when absent).
inline void clamp_into(const Tensor& out, const Tensor& self, const Tensor& lo, const Tensor& hi) {
  DType t = out.dtype();
  Tensor x = to_dtype(self, t);
  tensor::visit_dtype(t, [&]<class T>() {
    if (lo.defined() && hi.defined()) {
      ternary_loop<T, T, T, T>(out, x, to_dtype(lo, t), to_dtype(hi, t),
                               [](T v, T l, T h) { return nan_min(nan_max(v, l), h); });
    } else if (lo.defined()) {
      binary_loop<T, T>(out, x, to_dtype(lo, t), [](T v, T l) { return nan_max(v, l); });
    } else {
      binary_loop<T, T>(out, x, to_dtype(hi, t), [](T v, T h) { return nan_min(v, h); });
    }
  });
}

// The op calls the derivative formulas are written with.
inline Tensor mul(const Tensor& a, const Value& b) { return call_tensor("mul.Tensor", a, b); }
inline Tensor mul(const Tensor& a, const Tensor& b) { return call_tensor("mul.Tensor", a, b); }
inline Tensor mul(const Tensor& a, double b) { return call_tensor("mul.Tensor", a, b); }
inline Tensor div(const Tensor& a, const Tensor& b) { return call_tensor("div.Tensor", a, b); }
inline Tensor add(const Tensor& a, double b) { return call_tensor("add.Tensor", a, b); }
inline Tensor zeros(const Tensor& g) { return call_tensor("zeros_like", g); }
inline Tensor self_of(const BackwardContext& c) { return c.tensor(0); }
inline Tensor one_minus_square(const Tensor& x) { return call_tensor("rsub.Scalar", mul(x, x), 1); } // 1 - x^2

} // namespace refc::ops::unary
