// The gemm kernels (see gemm.h). The micro-kernels are built twice, for AVX2
// and for the baseline x86-64 target, and the loader picks one per machine;
// both multiply and add in separate instructions (no FMA), as the reference
// BLAS does, so their results are the same bits.
#include "reference_compiler/ops/gemm.h"

#include <algorithm>
#include <type_traits>
#include <vector>

// The reference BLAS multiplies and adds in separate roundings; the compiler
// must not fuse them (it could when building with -mfma or -march=native).
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace refc::ops {

namespace {

// 32-byte vectors (GCC vector extensions) and their unaligned counterparts.
typedef float F32x8 __attribute__((vector_size(32)));
typedef float F32x8U __attribute__((vector_size(32), aligned(4)));
typedef double F64x4 __attribute__((vector_size(32)));
typedef double F64x4U __attribute__((vector_size(32), aligned(8)));
template <class T> struct Vectors;
template <> struct Vectors<float> {
  using V = F32x8;
  using U = F32x8U;
};
template <> struct Vectors<double> {
  using V = F64x4;
  using U = F64x4U;
};
template <class T> using Vec = typename Vectors<T>::V;
template <class T> using UVec = typename Vectors<T>::U;

// The register tile: c (MR x N, column-major) += A panel x B panel, with
// row l of the A panel at a_row(l) (MR contiguous values) and row l of the B
// panel at b + l * NR (its first N values used).
template <class T, int N, class ARow>
inline __attribute__((always_inline)) void micro_kernel(int64_t kc, ARow a_row, const T* b, T* c, int64_t ldc) {
  constexpr int64_t W = 32 / sizeof(T); // lanes per vector; MR is two vectors
  // Fully unrolled so that the accumulators live in registers.
  Vec<T> acc[N][2];
#pragma GCC unroll 6
  for (int64_t j = 0; j < N; ++j) {
    acc[j][0] = *reinterpret_cast<const UVec<T>*>(c + j * ldc);
    acc[j][1] = *reinterpret_cast<const UVec<T>*>(c + j * ldc + W);
  }
  for (int64_t l = 0; l < kc; ++l) {
    const T* a = a_row(l);
    const Vec<T> a0 = *reinterpret_cast<const UVec<T>*>(a);
    const Vec<T> a1 = *reinterpret_cast<const UVec<T>*>(a + W);
#pragma GCC unroll 6
    for (int64_t j = 0; j < N; ++j) {
      // b[j] - 0 broadcasts b[j] without turning -0 into +0.
      const Vec<T> bj = b[j] - Vec<T>{};
      // Product and sum as two roundings, never a fused multiply-add.
      const Vec<T> p0 = a0 * bj;
      const Vec<T> p1 = a1 * bj;
      acc[j][0] += p0;
      acc[j][1] += p1;
    }
    b += kGemmNR;
  }
#pragma GCC unroll 6
  for (int64_t j = 0; j < N; ++j) {
    *reinterpret_cast<UVec<T>*>(c + j * ldc) = acc[j][0];
    *reinterpret_cast<UVec<T>*>(c + j * ldc + W) = acc[j][1];
  }
}
// The kernel for nr (1..NR) columns.
template <class T, class ARow>
inline __attribute__((always_inline)) void micro_kernel_n(int64_t kc, ARow a_row, const T* b, T* c, int64_t ldc,
                                                          int64_t nr) {
  switch (nr) {
  case 1: return micro_kernel<T, 1>(kc, a_row, b, c, ldc);
  case 2: return micro_kernel<T, 2>(kc, a_row, b, c, ldc);
  case 3: return micro_kernel<T, 3>(kc, a_row, b, c, ldc);
  case 4: return micro_kernel<T, 4>(kc, a_row, b, c, ldc);
  case 5: return micro_kernel<T, 5>(kc, a_row, b, c, ldc);
  default: return micro_kernel<T, kGemmNR>(kc, a_row, b, c, ldc);
  }
}

// acc(i, j) += sum over l, in increasing l, of A(i, l) * (b_scale * B(l, j)),
// with acc column-major (leading dimension ldacc): cache-blocked (B panels of
// KC x NC, A blocks of MC x KC, both packed), the register tile innermost.
// Blocking over l keeps each element's sum sequential: acc holds the partial
// sum between blocks.
template <class T>
void gemm_accumulate(int64_t m, int64_t n, int64_t k, MatrixView<T> a, MatrixView<T> b, T b_scale, T* acc,
                     int64_t ldacc) {
  constexpr int64_t MR = kGemmMR<T>, NR = kGemmNR;
  constexpr int64_t KC = 256, MC = 16 * MR, NC = 128 * NR;
  auto round_up = [](int64_t x, int64_t r) { return (x + r - 1) / r * r; };
  std::vector<T> bpack(static_cast<size_t>(std::min(KC, k) * round_up(std::min(NC, n), NR)));
  std::vector<T> apack(static_cast<size_t>(std::min(KC, k) * round_up(std::min(MC, m), MR)));
  for (int64_t jc = 0; jc < n; jc += NC) {
    const int64_t nc = std::min(NC, n - jc);
    for (int64_t pc = 0; pc < k; pc += KC) {
      const int64_t kc = std::min(KC, k - pc);
      gemm_pack_b<T>(kc, nc, MatrixView<T>{b.data + pc * b.rs + jc * b.cs, b.rs, b.cs}, b_scale, bpack.data());
      for (int64_t ic = 0; ic < m; ic += MC) {
        const int64_t mc = std::min(MC, m - ic);
        for (int64_t ir = 0; ir < mc; ir += MR) {
          T* dst = apack.data() + ir * kc;
          const int64_t mi = std::min(MR, mc - ir);
          for (int64_t l = 0; l < kc; ++l)
            for (int64_t ii = 0; ii < MR; ++ii) dst[l * MR + ii] = ii < mi ? a(ic + ir + ii, pc + l) : T(0);
        }
        for (int64_t jr = 0; jr < nc; jr += NR)
          for (int64_t ir = 0; ir < mc; ir += MR)
            gemm_tile<T>(std::min(MR, mc - ir), std::min(NR, nc - jr), acc + (ic + ir) + (jc + jr) * ldacc, ldacc,
                         [&](T* c, int64_t ldc, int64_t nr) {
                           gemm_micro_kernel(kc, apack.data() + ir * kc, bpack.data() + jr * kc, c, ldc, nr);
                         });
      }
    }
  }
}

// PyTorch's cpublas::sum: four interleaved partial sums, then combined.
template <class F> float sum4(int64_t n, F f) {
  float partial[4] = {0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 4 <= n; i += 4)
    for (int64_t k = 0; k < 4; ++k) partial[k] += f(i + k);
  for (; i < n; ++i) partial[0] += f(i);
  for (int64_t k = 1; k < 4; ++k) partial[0] += partial[k];
  return partial[0];
}

template <class T> constexpr bool kBlas = std::is_same_v<T, float> || std::is_same_v<T, double>;
template <class T> constexpr bool kReduced = std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>;

// Integer arithmetic that wraps (defined behaviour) like PyTorch's kernels in practice.
template <class T> T wrap_mul(T x, T y) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return static_cast<T>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y));
  else return static_cast<T>(x * y);
}
template <class T> T wrap_add(T x, T y) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return static_cast<T>(static_cast<uint64_t>(x) + static_cast<uint64_t>(y));
  else return static_cast<T>(x + y);
}

} // namespace

#define REFC_GEMM_KERNELS(T)                                                                                    \
  __attribute__((target_clones("avx2", "default"))) void gemm_micro_kernel(int64_t kc, const T* a, const T* b, T* c, \
                                                                            int64_t ldc, int64_t nr) {              \
    micro_kernel_n<T>(kc, [a](int64_t l) { return a + l * kGemmMR<T>; }, b, c, ldc, nr);                           \
  }                                                                                                                 \
  __attribute__((target_clones("avx2", "default"))) void gemm_micro_kernel(                                        \
      int64_t kc, const T* base, const int64_t* offsets, const T* b, T* c, int64_t ldc, int64_t nr) {               \
    micro_kernel_n<T>(kc, [base, offsets](int64_t l) { return base + offsets[l]; }, b, c, ldc, nr);                \
  }
REFC_GEMM_KERNELS(float)
REFC_GEMM_KERNELS(double)
#undef REFC_GEMM_KERNELS

template <class T>
void gemm(GemmOrder order, int64_t m, int64_t n, int64_t k, const tensor::Scalar& alpha_s, MatrixView<T> a,
          MatrixView<T> b, const tensor::Scalar& beta_s, T* c, int64_t ldc) {
  using Op = std::conditional_t<kReduced<T>, float, T>; // PyTorch's opmath type
  const Op alpha = alpha_s.to<Op>(), beta = beta_s.to<Op>();
  if (m == 0 || n == 0) return;
  auto scale_c = [&] {
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        T& x = c[i + j * ldc];
        x = beta == Op(0) ? T(0) : static_cast<T>(wrap_mul<Op>(beta, static_cast<Op>(x)));
      }
  };
  if constexpr (kBlas<T>) {
    // The reference ?gemm: quick return, alpha == 0, then one of the two forms.
    if ((alpha == T(0) || k == 0) && beta == T(1)) return;
    if (alpha == T(0)) {
      scale_c();
      return;
    }
    if (order == GemmOrder::Axpy) {
      if (beta != T(1)) scale_c();
      gemm_accumulate<T>(m, n, k, a, b, alpha, c, ldc);
      return;
    }
    std::vector<T> dot(static_cast<size_t>(m * n), T(0));
    gemm_accumulate<T>(m, n, k, a, b, T(1), dot.data(), m);
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        T& x = c[i + j * ldc];
        const T t = alpha * dot[i + j * m];
        x = beta == T(0) ? t : t + beta * x;
      }
  } else if constexpr (kReduced<T>) {
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        const float d = sum4(k, [&](int64_t l) { return static_cast<float>(a(i, l)) * static_cast<float>(b(l, j)); });
        T& x = c[i + j * ldc];
        x = beta == 0.0f ? T(alpha * d) : T(beta * static_cast<float>(x) + alpha * d);
      }
  } else {
    // Integers: exact modulo 2^bits whatever the order.
    (void)order;
    scale_c();
    for (int64_t j = 0; j < n; ++j)
      for (int64_t l = 0; l < k; ++l) {
        const T v = wrap_mul<T>(b(l, j), alpha);
        for (int64_t i = 0; i < m; ++i) c[i + j * ldc] = wrap_add<T>(c[i + j * ldc], wrap_mul<T>(a(i, l), v));
      }
  }
}

#define REFC_DTYPE(e, cxx, py, short_name, fp, integral)                                                              \
  template void gemm<cxx>(GemmOrder, int64_t, int64_t, int64_t, const tensor::Scalar&, MatrixView<cxx>,             \
                          MatrixView<cxx>, const tensor::Scalar&, cxx*, int64_t);
#include "reference_compiler/tensor/dtypes.def"
#undef REFC_DTYPE

} // namespace refc::ops
