// What the reduction op families (reduction_ops.cpp, minmax_reduction_ops.cpp,
// variance_ops.cpp, norm_ops.cpp, and cumsum/cumprod in scan_ops.cpp) share:
// the reduced dims of an op's arguments, the empty-tensor checks, wrapping
// integer arithmetic, ATen's NaN-propagating max/min, and the sum and
// extremum primitives.
#pragma once

#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/ordering.h"
#include "reference_compiler/ops/reduction_kernels.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

namespace refc::ops::reduction {

// get_dtype_from_self(promote_integers=true): bool and integers sum to int64.
inline DType long_if_integral(DType t) { return tensor::is_floating(t) ? t : DType::Int64; }

template <class T> void fill_with(const Tensor& out, T value) {
  for_each_row(plan_loop(out, std::span<const Tensor>{}), [&](char** p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) store<T>(p[0] + i * s[0], value);
  });
}
inline void fill_number(const Tensor& out, double value) {
  tensor::visit_dtype(out.dtype(), [&]<class T>() { fill_with<T>(out, convert<T>(value)); });
}

// The reduced dims of a `dim` argument: None or an empty list reduce all
// dims; an int or a list name them.
inline uint64_t mask_arg(const OpArgs& a, size_t i, int64_t nd) {
  if (a.is_none(i)) return reduction_mask(nd, std::nullopt);
  if (a[i].is_intlike()) return reduction_mask(nd, IntVector{a.int_(i)});
  return reduction_mask(nd, a.int_list(i));
}
inline uint64_t mask_arg(const OpArgs& a, size_t i) { return mask_arg(a, i, a.tensor(0).dim()); }

// Wrapping integer arithmetic (two's complement, as ATen's kernels wrap).
template <class T> T add_wrap(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  else return static_cast<T>(a + b);
}
template <class T> T mul_wrap(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  else return static_cast<T>(a * b);
}

template <class T> T nan_of() {
  if constexpr (std::is_integral_v<T>) return T(0);
  else return T(std::numeric_limits<float>::quiet_NaN());
}

// max_impl/min_impl (scalar) and maximum/minimum (Vectorized): NaN wins.
template <class T> T max_impl(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return std::max(a, b);
}
template <class T> T min_impl(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return std::min(a, b);
}
template <class T> T vec_max(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return a > b ? a : b;
}
template <class T> T vec_min(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return a < b ? a : b;
}
template <class T> T lowest() {
  if constexpr (std::is_same_v<T, bool>) return false;
  else if constexpr (std::is_integral_v<T>) return std::numeric_limits<T>::lowest();
  else return T(-std::numeric_limits<float>::infinity());
}
template <class T> T highest() {
  if constexpr (std::is_same_v<T, bool>) return true;
  else if constexpr (std::is_integral_v<T>) return std::numeric_limits<T>::max();
  else return T(std::numeric_limits<float>::infinity());
}

template <class T> constexpr bool kFloating = std::is_floating_point_v<T> || kReducedFloat<T>;

inline void check_not_empty(const Tensor& self, const char* name) {
  check(!(self->sym_numel() == 0).expect_bool(),
        std::string(name) + ": Expected reduction dim to be specified for input.numel() == 0. Specify the "
                            "reduction dim with the 'dim' argument.");
}

// zero_numel_check_dims: reducing an empty dim has no identity.
inline void check_reduced_dims_nonempty(const Tensor& self, uint64_t mask, const char* name) {
  for (int64_t d = 0; d < self.dim(); ++d)
    if ((mask >> d & 1) && (self.sym_size(d) == 0).expect_bool())
      fail_index(std::string(name) + ": Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
}

// Unsqueezes the reduced dims back (unsqueeze_multiple), undoing keepdim=False.
inline Tensor unsqueeze_reduced(Tensor t, uint64_t mask, int64_t ndim) {
  for (int64_t d = 0; d < ndim; ++d)
    if (mask >> d & 1) t = call_tensor("unsqueeze", t, d);
  return t;
}
inline Tensor restore_reduced(const Tensor& t, uint64_t mask, int64_t ndim, bool keepdim) {
  return keepdim || ndim == 0 ? t : unsqueeze_reduced(t, mask, ndim);
}

// The reduction arguments every dims-style reduction op shares: the reduced
// dims (argument `dim_arg`, absent for whole-tensor overloads) and keepdim.
struct Dims {
  uint64_t mask;
  bool keepdim;
};
// `nd` is self's rank (given separately for backward, where self may not be saved).
inline Dims dims_of(const OpArgs& a, int64_t nd) {
  const FunctionSchema& s = a.schema();
  int dim = s.find_argument("dim"), keep = s.find_argument("keepdim");
  uint64_t mask = dim < 0 ? reduction_mask(nd, std::nullopt) : mask_arg(a, static_cast<size_t>(dim), nd);
  return {mask, keep >= 0 && a.bool_(static_cast<size_t>(keep))};
}
inline Dims dims_of(const OpArgs& a) { return dims_of(a, a.tensor(0).dim()); }
inline Dims dims_of(const BackwardContext& c) {
  return dims_of(c.args(), static_cast<int64_t>(c.spec_of_arg(0).sizes.size()));
}
inline std::optional<DType> dtype_of(const OpArgs& a) {
  int i = a.schema().find_argument("dtype");
  return i < 0 ? std::nullopt : a.dtype(static_cast<size_t>(i));
}
// Whether any element is zero (true without data: the safe path then).
inline bool has_zero(const Tensor& t) {
  if (!t.has_data()) return true;
  bool zero = false;
  tensor::visit_dtype(t.dtype(), [&]<class T>() {
    for_each_row(plan_loop(t, std::span<const Tensor>{}), [&](char** p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) zero |= load<T>(p[0] + i * s[0]) == T(0);
    });
  });
  return zero;
}

// out = sum of self over mask (cascade summation for floats), in out's dtype.
void sum_into(const Tensor& out, const Tensor& self, uint64_t mask, bool keepdim);

// out = amax (amin) of in over mask; NaN wins.
template <bool kMax> void extremum_into(const Tensor& out, const Tensor& in, uint64_t mask, bool keepdim) {
  if (in.numel() == 0) return;
  ReductionIter it = make_reduction_iter(out, in, mask, keepdim);
  tensor::visit_dtype(in.dtype(), [&]<class T>() {
    if constexpr (kMax) {
      fill_with<T>(out, lowest<T>());
      reduce_vec<T>(it, max_impl<T>, vec_max<T>);
    } else {
      fill_with<T>(out, highest<T>());
      reduce_vec<T>(it, min_impl<T>, vec_min<T>);
    }
  });
}

} // namespace refc::ops::reduction
