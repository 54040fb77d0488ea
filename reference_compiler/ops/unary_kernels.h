// Kernel machinery of the pointwise op families (unary_ops.cpp,
// binary_ops.cpp, pointwise_ops.cpp), built so that floating-point results
// match PyTorch's CPU kernels bit for bit:
// - vec_math: the transcendental functions over contiguous arrays, computed
//   as ATen's AVX2 Vectorized<float/double> computes them (the same SLEEF
//   vector functions and accuracy variants, and ATen's own erf polynomial);
// - float_pointwise: runs a floating-point op the way ATen's loops split the
//   work between an op's vector form and its scalar form (libm), since the two
//   can differ in the last bit: at::vml ops send every element through the
//   vector form, cpu_kernel_vec ops only whole two-vector blocks of rows whose
//   operands are contiguous (or a broadcast scalar), the rest through the
//   scalar form. 16-bit floats compute in float, as ATen does.
#pragma once

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/elementwise.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>

namespace refc::ops {


// ---- vector math ---------------------------------------------------------------------

// The unary functions ATen vectorises, each as Vectorized<T>::fn computes it
// on AVX2 (SLEEF u10 except sin/cos of float at u35 and erfc at u15; float
// erf is ATen's polynomial; float sinh/cosh are libm, as ATen maps them).
enum class VecFn : uint8_t { Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Sin, Cos, Tan, Asin, Acos, Atan,
                             Sinh, Cosh, Tanh, Erf, Erfc };
// The binary ones: pow (SLEEF u10), atan2 (u10), hypot (u05), and plain
// addition and multiplication (exact; vectorised here because -O2 does not).
enum class VecFn2 : uint8_t { Pow, Atan2, Hypot, Add, Mul };

// out[i] = fn(in[i]) for i < n over contiguous arrays; out may alias in.
void vec_math(VecFn fn, float* out, const float* in, int64_t n);
void vec_math(VecFn fn, double* out, const double* in, int64_t n);
// out[i] = fn(a[i], b[i]); out may alias a or b.
void vec_math(VecFn2 fn, float* out, const float* a, const float* b, int64_t n);
void vec_math(VecFn2 fn, double* out, const double* a, const double* b, int64_t n);
// The scalar forms (libm) ATen's loops use for the elements they do not
// vectorise. Float results are correctly rounded, as PyTorch's glibc gives them.
float libm_math(VecFn fn, float x);
double libm_math(VecFn fn, double x);
float libm_math(VecFn2 fn, float x, float y);
double libm_math(VecFn2 fn, double x, double y);

// ---- running floating-point ops ------------------------------------------------------

enum class VecLoop : uint8_t {
  All,    // at::vml: the vector form computes every element
  Blocks, // cpu_kernel_vec: the vector form computes whole blocks of vectorisable rows
};

// The element type arithmetic happens in (ATen's opmath_type): float for the
// 16-bit floats, the type itself otherwise.
template <class S>
using OpMath = std::conditional_t<std::is_same_v<S, tensor::Half> || std::is_same_v<S, tensor::BFloat16>, float, S>;

// The most elements a vector form is handed at once (so it can keep
// temporaries on the stack).
constexpr int64_t kVecChunk = 256;

// Computes out = op(inputs) for a floating-point elementwise op whose inputs
// already have out's dtype. `vec(T* out, std::array<const T*, N> in, n)` is
// the op's vector form over contiguous arrays of n <= kVecChunk elements (out
// may alias an input);
// `scalar(T...) -> T` its scalar form; T is OpMath of out's dtype.
template <size_t N, class Vec, class Scalar>
void float_pointwise(const Tensor& out, const std::array<Tensor, N>& inputs, VecLoop loop, Vec&& vec,
                     Scalar&& scalar) {
  tensor::visit_dtype(out.dtype(), [&]<class S>() {
    if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double> || std::is_same_v<S, tensor::Half> ||
                  std::is_same_v<S, tensor::BFloat16>) {
      using T = OpMath<S>;
      constexpr int64_t kBlock = 64 / static_cast<int64_t>(sizeof(S)); // two 256-bit vectors of S
      constexpr bool kDirect = std::is_same_v<S, T>;
      for_each_row(plan_loop(out, inputs), [&](char** p, const int64_t* s, int64_t n) {
        constexpr int64_t kSize = sizeof(S);
        bool all_contiguous = s[0] == kSize, vectorisable = s[0] == kSize;
        int broadcast = 0;
        for (size_t k = 1; k <= N; ++k) {
          all_contiguous &= s[k] == kSize;
          if (s[k] == 0) ++broadcast;
          else if (s[k] != kSize) vectorisable = false;
        }
        vectorisable &= broadcast <= 1;
        int64_t nvec = loop == VecLoop::All ? n : vectorisable ? n - n % kBlock : 0;
        if constexpr (kDirect) {
          if (all_contiguous) {
            for (int64_t i0 = 0; i0 < nvec; i0 += kVecChunk) {
              std::array<const T*, N> in;
              for (size_t k = 0; k < N; ++k) in[k] = reinterpret_cast<const T*>(p[k + 1]) + i0;
              vec(reinterpret_cast<T*>(p[0]) + i0, in, std::min(kVecChunk, nvec - i0));
            }
          }
        }
        if (!(kDirect && all_contiguous)) {
          // Strided or 16-bit rows: through contiguous OpMath buffers.
          alignas(32) T buf[N + 1][kVecChunk];
          for (int64_t i0 = 0; i0 < nvec; i0 += kVecChunk) {
            int64_t m = std::min(kVecChunk, nvec - i0);
            std::array<const T*, N> in;
            for (size_t k = 0; k < N; ++k) {
              for (int64_t i = 0; i < m; ++i)
                buf[k + 1][i] = static_cast<T>(*reinterpret_cast<const S*>(p[k + 1] + (i0 + i) * s[k + 1]));
              in[k] = buf[k + 1];
            }
            vec(buf[0], in, m);
            for (int64_t i = 0; i < m; ++i) *reinterpret_cast<S*>(p[0] + (i0 + i) * s[0]) = static_cast<S>(buf[0][i]);
          }
        }
        for (int64_t i = nvec; i < n; ++i) {
          auto arg = [&](size_t k) { return static_cast<T>(*reinterpret_cast<const S*>(p[k + 1] + i * s[k + 1])); };
          T r = [&]<size_t... K>(std::index_sequence<K...>) { return static_cast<T>(scalar(arg(K)...)); }(
              std::make_index_sequence<N>());
          *reinterpret_cast<S*>(p[0] + i * s[0]) = static_cast<S>(r);
        }
      });
    } else {
      REFC_CHECK(false, "float_pointwise on a non-floating dtype");
    }
  });
}

// The same for a unary op.
template <class Vec, class Scalar>
void float_unary(const Tensor& out, const Tensor& in, VecLoop loop, Vec&& vec, Scalar&& scalar) {
  float_pointwise<1>(out, {in}, loop, [&](auto* o, auto x, int64_t n) { vec(o, x[0], n); }, scalar);
}

// A unary op that is one vec_math function (scalar form: the matching libm call).
template <class Scalar>
void float_unary(const Tensor& out, const Tensor& in, VecLoop loop, VecFn fn, Scalar&& scalar) {
  float_unary(out, in, loop, [fn](auto* o, auto* x, int64_t n) { vec_math(fn, o, x, n); }, scalar);
}

// out = pred(self) for a predicate of floating values (argument 0), which is
// `integral_value` for every integer and bool.
template <class Pred> void float_predicate(const OpArgs& a, const Tensor& out, bool integral_value, Pred pred) {
  Tensor self = a.tensor(0);
  tensor::visit_dtype(self.dtype(), [&]<class S>() {
    unary_loop<bool, S>(out, self, [&](S v) {
      if constexpr (std::is_integral_v<S>) return integral_value;
      else return pred(static_cast<OpMath<S>>(v));
    });
  });
}

// ---- shared element functions and derivative pieces ----------------------------------------

// max/min that propagate NaN from either side (ATen's clamp semantics).
template <bool kMax, class T> inline T nan_extremum(T a, T b) {
  OpMath<T> x = a, y = b;
  if constexpr (!std::is_integral_v<T>) {
    if (std::isnan(x)) return a;
    if (std::isnan(y)) return b;
  }
  return (kMax ? x < y : y < x) ? b : a;
}
template <class T> inline T nan_max(T a, T b) { return nan_extremum<true>(a, b); }
template <class T> inline T nan_min(T a, T b) { return nan_extremum<false>(a, b); }

// The gradient maximum/minimum/clamp give `x` against `bound`: grad, halved
// where they tie, zero where drop_op(x, bound) holds.
inline Tensor tie_split(const Tensor& grad, const Tensor& x, const Tensor& bound, const char* drop_op) {
  Tensor half = call_tensor("where.self", call_tensor("eq.Tensor", x, bound), call_tensor("div.Tensor", grad, 2), grad);
  return call_tensor("where.ScalarOther", call_tensor("logical_not", call_tensor(drop_op, x, bound)), half, 0.0);
}
} // namespace refc::ops
