// Matrix multiplication kernels with PyTorch's CPU rounding. PyTorch 2.14 as
// Debian builds it hands float and double products to the reference BLAS
// (libblas3), whose ?gemm sums every output element sequentially over the
// contraction index without fused multiply-adds; which of its two loop forms
// runs (and so where alpha and beta round) depends on whether op(A) is
// transposed. gemm() reproduces that order bit for bit, with a cache-blocked,
// vectorised kernel for float and double: blocking and vectorising across
// output elements never reorders the sum of any one element. Other dtypes
// take the loops of PyTorch's own fallback gemm (integers wrap exactly in any
// order; half and bfloat16 accumulate in float with four partial sums).
//
// Matrices are BLAS-like: C is column-major (element (i, j) at c[i + j * ldc])
// and A and B are read through arbitrary strides.
#pragma once

#include "reference_compiler/tensor/dtype.h"

#include <cstdint>

namespace refc::ops {

// The two loop forms of the reference ?gemm.
enum class GemmOrder : uint8_t {
  Axpy, // op(A) not transposed: C = beta*C, then C(i,j) += (alpha*B(l,j)) * A(i,l) for l = 0, 1, ...
  Dot,  // op(A) transposed: t = sum over l of A(i,l) * B(l,j); C = alpha*t (+ beta*C)
};

// A read-only matrix: element (i, j) at data[i * rs + j * cs].
template <class T> struct MatrixView {
  const T* data;
  int64_t rs, cs;
  T operator()(int64_t i, int64_t j) const { return data[i * rs + j * cs]; }
};

// C (m x n) = alpha * A (m x k) @ B (k x n) + beta * C, rounded as the
// reference BLAS (float, double) or PyTorch's fallback gemm (other dtypes)
// rounds it. beta == 0 ignores C's contents, NaNs included.
template <class T>
void gemm(GemmOrder order, int64_t m, int64_t n, int64_t k, const tensor::Scalar& alpha, MatrixView<T> a,
          MatrixView<T> b, const tensor::Scalar& beta, T* c, int64_t ldc);

// ---- the blocked float/double kernel -------------------------------------------------

// Register tile of the micro-kernel: kGemmMR rows (two AVX vectors) by kGemmNR columns.
template <class T> inline constexpr int64_t kGemmMR = 64 / sizeof(T);
inline constexpr int64_t kGemmNR = 6;

// c[i + j * ldc] += a[l * MR + i] * b[l * NR + j] for l = 0 .. kc-1 in order,
// for i < MR and j < nr <= NR (gemm.cpp; vectorised for AVX2 where available).
void gemm_micro_kernel(int64_t kc, const float* a, const float* b, float* c, int64_t ldc, int64_t nr);
void gemm_micro_kernel(int64_t kc, const double* a, const double* b, double* c, int64_t ldc, int64_t nr);
// The same with row l of the A panel read in place at base + offsets[l]
// (convolution reads image rows without packing them).
void gemm_micro_kernel(int64_t kc, const float* base, const int64_t* offsets, const float* b, float* c, int64_t ldc,
                       int64_t nr);
void gemm_micro_kernel(int64_t kc, const double* base, const int64_t* offsets, const double* b, double* c,
                       int64_t ldc, int64_t nr);

// Runs kernel(c, ldc, nr) on the tile at c of which mr x nr (of MR x NR) is
// valid; a tile with fewer than MR rows goes through a local full tile.
template <class T, class Kernel> void gemm_tile(int64_t mr, int64_t nr, T* c, int64_t ldc, Kernel&& kernel) {
  constexpr int64_t MR = kGemmMR<T>, NR = kGemmNR;
  if (mr == MR) {
    kernel(c, ldc, nr);
    return;
  }
  alignas(64) T tile[MR * NR];
  for (int64_t j = 0; j < nr; ++j)
    for (int64_t i = 0; i < MR; ++i) tile[i + j * MR] = i < mr ? c[i + j * ldc] : T(0);
  kernel(tile, MR, nr);
  for (int64_t j = 0; j < nr; ++j)
    for (int64_t i = 0; i < mr; ++i) c[i + j * ldc] = tile[i + j * MR];
}

// B (k x n) packed into NR-wide panels, b_scale times each value, zero-padded:
// panel p holds dst[p * k * NR + l * NR + j] = b_scale * B(l, p * NR + j).
template <class T> void gemm_pack_b(int64_t k, int64_t n, MatrixView<T> b, T b_scale, T* dst) {
  for (int64_t jr = 0; jr < n; jr += kGemmNR)
    for (int64_t l = 0; l < k; ++l)
      for (int64_t j = 0; j < kGemmNR; ++j, ++dst)
        *dst = jr + j < n ? static_cast<T>(b_scale * b(l, jr + j)) : T(0);
}

} // namespace refc::ops
