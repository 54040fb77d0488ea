// What the indexing op families (index_ops, scatter_ops, masked_ops,
// sort_ops) share: index tensor access, row-major position walks with
// several stride sets, broadcast strides, and small tensor helpers.
#pragma once

#include "reference_compiler/ops/dtype_names.h"
#include "reference_compiler/ops/op_family.h"

#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

namespace refc::ops::indexing {

inline SymIntVector sizes_of(const Tensor& t) { return {t.sym_sizes().begin(), t.sym_sizes().end()}; }
inline IntVector strides_of(const Tensor& t) { return {t.strides().begin(), t.strides().end()}; }

inline Tensor contiguous(const Tensor& t) { return call_tensor("contiguous", t); }

inline bool is_index_dtype(DType t) { return t == DType::Int64 || t == DType::Int32; }

// The value of an int32/int64 index tensor at element offset `off`.
inline int64_t index_at(const Tensor& index, int64_t off) {
  return index.dtype() == DType::Int32 ? index.data<int32_t>()[off] : index.data<int64_t>()[off];
}

// Calls f(offsets) for every position of `sizes` in row-major order, with
// offsets[k] the sum of position * strides[k] (in elements).
template <size_t K, class F>
void for_each_position(tensor::IntArrayRef sizes, const std::array<IntVector, K>& strides, F&& f) {
  const size_t nd = sizes.size();
  for (int64_t s : sizes)
    if (s == 0) return;
  std::array<int64_t, K> off{};
  IntVector pos(nd, 0);
  while (true) {
    f(off);
    size_t d = nd;
    for (; d > 0; --d) {
      for (size_t k = 0; k < K; ++k) off[k] += strides[k][d - 1];
      if (++pos[d - 1] < sizes[d - 1]) break;
      for (size_t k = 0; k < K; ++k) off[k] -= strides[k][d - 1] * sizes[d - 1];
      pos[d - 1] = 0;
    }
    if (d == 0) return;
  }
}

// `t`'s strides broadcast to `sizes` (0 along broadcast dims).
inline IntVector broadcast_strides(const Tensor& t, tensor::IntArrayRef sizes) {
  IntVector s(sizes.size(), 0);
  const size_t off = sizes.size() - static_cast<size_t>(t.dim());
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.size(d) != 1) s[off + d] = t.stride(d);
  return s;
}

// Element `off` (in elements from element 0) of a tensor of element type T.
template <class T> T& at(const Tensor& t, int64_t off) { return t.data<T>()[off]; }

// The value of a one-element tensor as a Scalar of its kind.
inline Scalar scalar_of(const Tensor& t) {
  return tensor::visit_dtype(t.dtype(), [&]<class T>() -> Scalar {
    const T v = *t.data<T>();
    if constexpr (std::is_same_v<T, bool>) return Scalar(v);
    else if constexpr (std::is_integral_v<T>) return Scalar(static_cast<int64_t>(v));
    else return Scalar(static_cast<double>(v));
  });
}

// gather, scatter and the index_* ops treat a 0-d tensor as [1].
inline int64_t dims_of(const Tensor& t) { return std::max<int64_t>(t.dim(), 1); }
inline int64_t size_or_one(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }

} // namespace refc::ops::indexing
