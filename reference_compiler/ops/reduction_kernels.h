// The shared machinery of reductions over a set of dimensions: the output
// geometry (reduced dims dropped, or kept as size 1 with keepdim) and
// reduce_into, which folds every input element into an accumulator tensor of
// the keepdim shape by walking the input in memory order with the
// accumulator's reduced dimensions given stride 0.
#pragma once

#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/ops/shape_checks.h"

namespace refc::ops {

// The dims to reduce as a bitmask: all dims when `dims` is empty or absent.
uint64_t reduction_mask(int64_t ndim, const std::optional<tensor::IntVector>& dims);
// Output sizes of reducing `mask` (size 1 in place when keepdim).
tensor::SymIntVector reduced_sizes(const Tensor& self, uint64_t mask, bool keepdim);
TensorSpec reduction_spec(const Tensor& self, uint64_t mask, bool keepdim, DType dtype);

// A view of `acc` (contiguous, keepdim shape of `self`) with self's sizes and
// stride 0 along the reduced dimensions.
Tensor broadcast_accumulator(const Tensor& acc, const Tensor& self);

// acc[j] = combine(acc[j], x) for every input element x reducing into j;
// acc must be initialised. A is the accumulator element type, T the input's.
template <class A, class T, class Combine>
void reduce_into(const Tensor& acc, const Tensor& self, Combine combine) {
  Tensor view = broadcast_accumulator(acc, self);
  const Tensor ins[] = {self};
  for_each_row(plan_loop(view, ins), [&](char** p, const int64_t* s, int64_t n) {
    if (s[0] == 0) {
      A v = *reinterpret_cast<A*>(p[0]);
      for (int64_t i = 0; i < n; ++i) v = combine(v, *reinterpret_cast<const T*>(p[1] + i * s[1]));
      *reinterpret_cast<A*>(p[0]) = v;
    } else {
      for (int64_t i = 0; i < n; ++i) {
        A* o = reinterpret_cast<A*>(p[0] + i * s[0]);
        *o = combine(*o, *reinterpret_cast<const T*>(p[1] + i * s[1]));
      }
    }
  });
}

} // namespace refc::ops
