// What the normalization op families (normalization_ops.cpp,
// batch_norm_ops.cpp) share: ATen's row-wise Welford moments and the
// output mask a derivative passes to a backward op.
#pragma once

#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/reduction_kernels.h"

#include <initializer_list>
#include <utility>
#include <vector>

namespace refc::ops::normalization {

// ---- moments (ATen's moments_utils.h: RowwiseMoments) --------------------------------------------

// Mean and biased variance of a contiguous row: Welford updates over chunks
// of 16 vectors of 8 lanes (float; 4 for double), merged in a binary cascade,
// then the scalar tail and the lanes folded in.
template <class A> struct Moments {
  int64_t m0 = 0;
  A m1 = 0, m2 = 0;
};

template <class A> void add_moments(int64_t m0_add, A m1_add, A m2_add, int64_t& m0, A& m1, A& m2) {
  const int64_t n = m0 + m0_add;
  const A c = n == 0 ? A(0) : static_cast<A>(m0_add) / static_cast<A>(n);
  const A delta = m1_add - m1;
  m1 = fmadd(c, delta, m1);
  m2 += fmadd(delta * delta * c, static_cast<A>(m0), m2_add);
  m0 = n;
}

template <class A, int64_t kL> struct LaneMoments {
  int64_t m0 = 0;
  std::array<A, kL> m1{}, m2{};
};

// AddMomentsVec: the lane-wise merge, with the m2 update as one fused multiply-add.
template <class A, int64_t kL> void add_moments_vec(const LaneMoments<A, kL>& add, LaneMoments<A, kL>& acc) {
  const int64_t n = acc.m0 + add.m0;
  const A c = n == 0 ? A(0) : static_cast<A>(add.m0) / static_cast<A>(n);
  for (int64_t k = 0; k < kL; ++k) {
    const A delta = add.m1[k] - acc.m1[k];
    const A m2_tmp = acc.m2[k] + add.m2[k];
    const A c_delta = c * delta;
    const A m0_delta = delta * static_cast<A>(acc.m0);
    acc.m1[k] = acc.m1[k] + c_delta;
    acc.m2[k] = fmadd(m0_delta, c_delta, m2_tmp);
  }
  acc.m0 = n;
}

template <class A> std::pair<A, A> rowwise_moments(const A* x, int64_t n_total) {
  constexpr int64_t kL = kLanes<A>, kChunk = 16;
  const int64_t n = n_total / kL;
  const int64_t m = (n + kChunk - 1) / kChunk;
  const int64_t depth = cascade::ceil_log2(m);
  std::vector<LaneMoments<A, kL>> stack(static_cast<size_t>(std::max<int64_t>(depth, 1)));
  for (int64_t i = 0; i < m; ++i) {
    const A* p = x + i * kChunk * kL;
    const int64_t m0 = std::min(kChunk, n - i * kChunk);
    LaneMoments<A, kL> chunk;
    chunk.m0 = m0;
    for (int64_t j = 0; j < m0; ++j)
      for (int64_t k = 0; k < kL; ++k) {
        const A v = p[j * kL + k];
        const A c = A(1) / static_cast<A>(j + 1);
        const A delta = v - chunk.m1[k];
        chunk.m1[k] = fmadd(c, delta, chunk.m1[k]);
        chunk.m2[k] = fmadd(delta, v - chunk.m1[k], chunk.m2[k]);
      }
    add_moments_vec(chunk, stack[0]);
    int64_t mask = i + 1;
    for (int64_t j = 1; j < depth && (mask & 1) == 0; ++j) {
      add_moments_vec(stack[j - 1], stack[j]);
      stack[j - 1] = LaneMoments<A, kL>{};
      mask >>= 1;
    }
  }
  for (int64_t i = 1; i < depth; ++i) add_moments_vec(stack[i], stack[0]);
  int64_t m0 = 0;
  A m1 = 0, m2 = 0;
  for (int64_t i = n * kL; i < n_total; ++i) {
    const A v = x[i];
    const A delta = v - m1;
    ++m0;
    m1 += delta / static_cast<A>(m0);
    m2 += delta * (v - m1);
  }
  for (int64_t k = 0; k < kL; ++k) add_moments(n, stack[0].m1[k], stack[0].m2[k], m0, m1, m2);
  return {m1, m2 / static_cast<A>(n_total)};
}

// The output_mask argument of a backward op: which of `args` need a gradient.
inline Value bool_mask(const BackwardContext& c, std::initializer_list<size_t> args) {
  std::vector<Value> items;
  for (size_t i : args) items.push_back(Value::boolean(c.needs_grad_of_arg(i)));
  return Value(lang::make_tuple(std::move(items)));
}

} // namespace refc::ops::normalization
