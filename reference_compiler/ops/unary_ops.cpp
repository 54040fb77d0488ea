// Unary pointwise ops: exponentials, logarithms, trigonometric and
// hyperbolic functions, erf/erfc, roots and reciprocals, rounding, sign and
// predicates, clamp, nan_to_num, and the activations (relu, gelu, silu, mish,
// elu, leaky_relu, hardtanh, softplus, threshold) with the backward ops
// PyTorch's derivative graphs use (threshold_backward, gelu_backward,
// silu_backward, sigmoid_backward, tanh_backward, ...).
//
// Floating-point results match PyTorch's CPU kernels bit for bit: the vector
// math is SLEEF (the library and accuracy variants ATen's AVX2 code calls),
// and each op splits its elements between vector and scalar forms as ATen's
// loops do (unary_kernels.h). This file also holds vec_math itself.
#include "reference_compiler/ops/unary_kernels.h"

#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/op_family.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <math.h>

// Everything in this region is compiled for AVX2 + FMA (the CPU capability
// PyTorch's kernels run at here) and is only called after a run-time CPU
// check. sleef.h declares the 256-bit functions only when the whole file is
// built with -mavx, so the ones used are declared here.
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#include <immintrin.h>

#define REFC_SLEEF_FN(name, type) type name(type);
#define REFC_SLEEF_FN2(name, type) type name(type, type);
extern "C" {
REFC_SLEEF_FN(Sleef_expf8_u10, __m256)
REFC_SLEEF_FN(Sleef_exp2f8_u10, __m256)
REFC_SLEEF_FN(Sleef_expm1f8_u10, __m256)
REFC_SLEEF_FN(Sleef_logf8_u10, __m256)
REFC_SLEEF_FN(Sleef_log2f8_u10, __m256)
REFC_SLEEF_FN(Sleef_log10f8_u10, __m256)
REFC_SLEEF_FN(Sleef_log1pf8_u10, __m256)
REFC_SLEEF_FN(Sleef_sinf8_u35, __m256)
REFC_SLEEF_FN(Sleef_cosf8_u35, __m256)
REFC_SLEEF_FN(Sleef_tanf8_u10, __m256)
REFC_SLEEF_FN(Sleef_asinf8_u10, __m256)
REFC_SLEEF_FN(Sleef_acosf8_u10, __m256)
REFC_SLEEF_FN(Sleef_atanf8_u10, __m256)
REFC_SLEEF_FN(Sleef_tanhf8_u10, __m256)
REFC_SLEEF_FN(Sleef_erfcf8_u15, __m256)
REFC_SLEEF_FN2(Sleef_powf8_u10, __m256)
REFC_SLEEF_FN2(Sleef_atan2f8_u10, __m256)
REFC_SLEEF_FN2(Sleef_hypotf8_u05, __m256)
REFC_SLEEF_FN(Sleef_expd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_exp2d4_u10, __m256d)
REFC_SLEEF_FN(Sleef_expm1d4_u10, __m256d)
REFC_SLEEF_FN(Sleef_logd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_log2d4_u10, __m256d)
REFC_SLEEF_FN(Sleef_log10d4_u10, __m256d)
REFC_SLEEF_FN(Sleef_log1pd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_sind4_u10, __m256d)
REFC_SLEEF_FN(Sleef_cosd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_tand4_u10, __m256d)
REFC_SLEEF_FN(Sleef_asind4_u10, __m256d)
REFC_SLEEF_FN(Sleef_acosd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_atand4_u10, __m256d)
REFC_SLEEF_FN(Sleef_sinhd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_coshd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_tanhd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_erfd4_u10, __m256d)
REFC_SLEEF_FN(Sleef_erfcd4_u15, __m256d)
REFC_SLEEF_FN2(Sleef_powd4_u10, __m256d)
REFC_SLEEF_FN2(Sleef_atan2d4_u10, __m256d)
REFC_SLEEF_FN2(Sleef_hypotd4_u05, __m256d)
}
#undef REFC_SLEEF_FN
#undef REFC_SLEEF_FN2

#define REFC_AVX2 __attribute__((target("avx2,fma")))

namespace refc::ops {
namespace {

// out[i] = F(in[i]) a vector at a time; a partial last vector is padded with
// zeros, as ATen's Vectorized::loadu(ptr, count) pads it.
template <__m256 (*F)(__m256)> REFC_AVX2 void map_f8(float* out, const float* in, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, F(_mm256_loadu_ps(in + i)));
  if (i < n) {
    alignas(32) float buf[8] = {};
    std::memcpy(buf, in + i, static_cast<size_t>(n - i) * sizeof(float));
    _mm256_store_ps(buf, F(_mm256_load_ps(buf)));
    std::memcpy(out + i, buf, static_cast<size_t>(n - i) * sizeof(float));
  }
}
template <__m256d (*F)(__m256d)> REFC_AVX2 void map_d4(double* out, const double* in, int64_t n) {
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) _mm256_storeu_pd(out + i, F(_mm256_loadu_pd(in + i)));
  if (i < n) {
    alignas(32) double buf[4] = {};
    std::memcpy(buf, in + i, static_cast<size_t>(n - i) * sizeof(double));
    _mm256_store_pd(buf, F(_mm256_load_pd(buf)));
    std::memcpy(out + i, buf, static_cast<size_t>(n - i) * sizeof(double));
  }
}
template <__m256 (*F)(__m256, __m256)>
REFC_AVX2 void map2_f8(float* out, const float* a, const float* b, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, F(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i)));
  if (i < n) {
    alignas(32) float x[8] = {}, y[8] = {};
    std::memcpy(x, a + i, static_cast<size_t>(n - i) * sizeof(float));
    std::memcpy(y, b + i, static_cast<size_t>(n - i) * sizeof(float));
    _mm256_store_ps(x, F(_mm256_load_ps(x), _mm256_load_ps(y)));
    std::memcpy(out + i, x, static_cast<size_t>(n - i) * sizeof(float));
  }
}
template <__m256d (*F)(__m256d, __m256d)>
REFC_AVX2 void map2_d4(double* out, const double* a, const double* b, int64_t n) {
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) _mm256_storeu_pd(out + i, F(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i)));
  if (i < n) {
    alignas(32) double x[4] = {}, y[4] = {};
    std::memcpy(x, a + i, static_cast<size_t>(n - i) * sizeof(double));
    std::memcpy(y, b + i, static_cast<size_t>(n - i) * sizeof(double));
    _mm256_store_pd(x, F(_mm256_load_pd(x), _mm256_load_pd(y)));
    std::memcpy(out + i, x, static_cast<size_t>(n - i) * sizeof(double));
  }
}

// ATen's float erf on AVX2: Abramowitz & Stegun 7.1.26,
// erf(x) = sign(x) (1 - t (p1 + t (p2 + t (p3 + t (p4 + t p5)))) exp(-x^2)),
// t = 1 / (1 + p |x|), evaluated with its exact sequence of FMAs.
REFC_AVX2 __m256 erf_f8(__m256 x) {
  const __m256 neg_zero = _mm256_set1_ps(-0.f), one = _mm256_set1_ps(1.0f);
  __m256 sign = _mm256_and_ps(neg_zero, x);
  __m256 abs = _mm256_xor_ps(sign, x);
  __m256 t = _mm256_div_ps(one, _mm256_fmadd_ps(_mm256_set1_ps(0.3275911f), abs, one));
  __m256 r = _mm256_fmadd_ps(_mm256_set1_ps(1.061405429f), t, _mm256_set1_ps(-1.453152027f));
  r = _mm256_fmadd_ps(r, t, _mm256_set1_ps(1.421413741f));
  r = _mm256_fmadd_ps(r, t, _mm256_set1_ps(-0.284496736f));
  r = _mm256_fmadd_ps(r, t, _mm256_set1_ps(0.254829592f));
  __m256 e = Sleef_expf8_u10(_mm256_xor_ps(neg_zero, _mm256_mul_ps(x, x)));
  __m256 y = _mm256_fmadd_ps(_mm256_mul_ps(_mm256_xor_ps(neg_zero, e), t), r, one);
  return _mm256_xor_ps(sign, y);
}

// PyTorch links SLEEF 3.9, whose log1p switches to log above 1e38 (float) and
// 1e307 (double); the 3.5 that Debian 12 ships overflows to inf there.
REFC_AVX2 __m256 log1p_f8(__m256 x) {
  __m256 big = _mm256_cmp_ps(x, _mm256_set1_ps(1e38f), _CMP_GT_OQ);
  __m256 r = Sleef_log1pf8_u10(x);
  return _mm256_movemask_ps(big) ? _mm256_blendv_ps(r, Sleef_logf8_u10(x), big) : r;
}
REFC_AVX2 __m256d log1p_d4(__m256d x) {
  __m256d big = _mm256_cmp_pd(x, _mm256_set1_pd(1e307), _CMP_GT_OQ);
  __m256d r = Sleef_log1pd4_u10(x);
  return _mm256_movemask_pd(big) ? _mm256_blendv_pd(r, Sleef_logd4_u10(x), big) : r;
}

REFC_AVX2 __m256 add_f8(__m256 a, __m256 b) { return _mm256_add_ps(a, b); }
REFC_AVX2 __m256d add_d4(__m256d a, __m256d b) { return _mm256_add_pd(a, b); }
REFC_AVX2 __m256 mul_f8(__m256 a, __m256 b) { return _mm256_mul_ps(a, b); }
REFC_AVX2 __m256d mul_d4(__m256d a, __m256d b) { return _mm256_mul_pd(a, b); }
float add_f(float a, float b) { return a + b; }
double add_d(double a, double b) { return a + b; }
float mul_f(float a, float b) { return a * b; }
double mul_d(double a, double b) { return a * b; }

// Scalar forms: libm. The glibc PyTorch runs with (2.43) rounds most float
// functions correctly (CORE-MATH), which float(double result) reproduces on
// any glibc; expf, exp2f, logf, log2f, sinf, cosf and powf are still the
// older, not always correctly rounded ones, and are called directly.
template <double (*F)(double)> float via_double(float x) { return static_cast<float>(F(static_cast<double>(x))); }
template <double (*F)(double, double)> float via_double2(float x, float y) {
  return static_cast<float>(F(static_cast<double>(x), static_cast<double>(y)));
}

struct VecFnImpl {
  void (*f32)(float*, const float*, int64_t); // null: ATen computes it with the scalar form
  void (*f64)(double*, const double*, int64_t);
  float (*scalar32)(float);
  double (*scalar64)(double);
};
// Indexed by VecFn.
const VecFnImpl kVecFns[] = {
    {map_f8<Sleef_expf8_u10>, map_d4<Sleef_expd4_u10>, ::expf, ::exp},
    {map_f8<Sleef_exp2f8_u10>, map_d4<Sleef_exp2d4_u10>, ::exp2f, ::exp2},
    {map_f8<Sleef_expm1f8_u10>, map_d4<Sleef_expm1d4_u10>, via_double<::expm1>, ::expm1},
    {map_f8<Sleef_logf8_u10>, map_d4<Sleef_logd4_u10>, ::logf, ::log},
    {map_f8<Sleef_log2f8_u10>, map_d4<Sleef_log2d4_u10>, ::log2f, ::log2},
    {map_f8<Sleef_log10f8_u10>, map_d4<Sleef_log10d4_u10>, via_double<::log10>, ::log10},
    {map_f8<log1p_f8>, map_d4<log1p_d4>, via_double<::log1p>, ::log1p},
    {map_f8<Sleef_sinf8_u35>, map_d4<Sleef_sind4_u10>, ::sinf, ::sin},
    {map_f8<Sleef_cosf8_u35>, map_d4<Sleef_cosd4_u10>, ::cosf, ::cos},
    {map_f8<Sleef_tanf8_u10>, map_d4<Sleef_tand4_u10>, via_double<::tan>, ::tan},
    {map_f8<Sleef_asinf8_u10>, map_d4<Sleef_asind4_u10>, via_double<::asin>, ::asin},
    {map_f8<Sleef_acosf8_u10>, map_d4<Sleef_acosd4_u10>, via_double<::acos>, ::acos},
    {map_f8<Sleef_atanf8_u10>, map_d4<Sleef_atand4_u10>, via_double<::atan>, ::atan},
    {nullptr, map_d4<Sleef_sinhd4_u10>, via_double<::sinh>, ::sinh},
    {nullptr, map_d4<Sleef_coshd4_u10>, via_double<::cosh>, ::cosh},
    {map_f8<Sleef_tanhf8_u10>, map_d4<Sleef_tanhd4_u10>, via_double<::tanh>, ::tanh},
    {map_f8<erf_f8>, map_d4<Sleef_erfd4_u10>, via_double<::erf>, ::erf},
    {map_f8<Sleef_erfcf8_u15>, map_d4<Sleef_erfcd4_u15>, via_double<::erfc>, ::erfc},
};
static_assert(std::size(kVecFns) == static_cast<size_t>(VecFn::Erfc) + 1);

struct VecFn2Impl {
  void (*f32)(float*, const float*, const float*, int64_t);
  void (*f64)(double*, const double*, const double*, int64_t);
  float (*scalar32)(float, float);
  double (*scalar64)(double, double);
};
// Indexed by VecFn2.
const VecFn2Impl kVecFns2[] = {
    {map2_f8<Sleef_powf8_u10>, map2_d4<Sleef_powd4_u10>, ::powf, ::pow},
    {map2_f8<Sleef_atan2f8_u10>, map2_d4<Sleef_atan2d4_u10>, via_double2<::atan2>, ::atan2},
    {map2_f8<Sleef_hypotf8_u05>, map2_d4<Sleef_hypotd4_u05>, via_double2<::hypot>, ::hypot},
    {map2_f8<add_f8>, map2_d4<add_d4>, add_f, add_d},
    {map2_f8<mul_f8>, map2_d4<mul_d4>, mul_f, mul_d},
};
static_assert(std::size(kVecFns2) == static_cast<size_t>(VecFn2::Mul) + 1);

} // namespace
} // namespace refc::ops

#undef REFC_AVX2
#pragma GCC pop_options

namespace refc::ops {

using lang::Value;
using tensor::Scalar;

namespace {

bool cpu_runs_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}

} // namespace

void vec_math(VecFn fn, float* out, const float* in, int64_t n) {
  const VecFnImpl& f = kVecFns[static_cast<size_t>(fn)];
  if (f.f32 && cpu_runs_avx2()) return f.f32(out, in, n);
  for (int64_t i = 0; i < n; ++i) out[i] = f.scalar32(in[i]);
}
void vec_math(VecFn fn, double* out, const double* in, int64_t n) {
  const VecFnImpl& f = kVecFns[static_cast<size_t>(fn)];
  if (f.f64 && cpu_runs_avx2()) return f.f64(out, in, n);
  for (int64_t i = 0; i < n; ++i) out[i] = f.scalar64(in[i]);
}
void vec_math(VecFn2 fn, float* out, const float* a, const float* b, int64_t n) {
  const VecFn2Impl& f = kVecFns2[static_cast<size_t>(fn)];
  if (cpu_runs_avx2()) return f.f32(out, a, b, n);
  for (int64_t i = 0; i < n; ++i) out[i] = f.scalar32(a[i], b[i]);
}
void vec_math(VecFn2 fn, double* out, const double* a, const double* b, int64_t n) {
  const VecFn2Impl& f = kVecFns2[static_cast<size_t>(fn)];
  if (cpu_runs_avx2()) return f.f64(out, a, b, n);
  for (int64_t i = 0; i < n; ++i) out[i] = f.scalar64(a[i], b[i]);
}
float libm_math(VecFn fn, float x) { return kVecFns[static_cast<size_t>(fn)].scalar32(x); }
double libm_math(VecFn fn, double x) { return kVecFns[static_cast<size_t>(fn)].scalar64(x); }
float libm_math(VecFn2 fn, float x, float y) { return kVecFns2[static_cast<size_t>(fn)].scalar32(x, y); }
double libm_math(VecFn2 fn, double x, double y) { return kVecFns2[static_cast<size_t>(fn)].scalar64(x, y); }

namespace {

using Grads = std::vector<Tensor>;

// ---- meta functions ----------------------------------------------------------------------

std::vector<TensorSpec> same_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::Default)}; }
std::vector<TensorSpec> float_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::IntToFloat)}; }
std::vector<TensorSpec> bool_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::AlwaysBool)}; }
// grad_output and self/result: the backward ops of activations.
std::vector<TensorSpec> binary_float_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::Default)}; }

// ---- kernels -----------------------------------------------------------------------------

// A float op that is one vec_math function (integers were promoted by the meta).
template <VecFn F, VecLoop L> void math_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary(out[0], to_dtype(a.tensor(0), out[0].dtype()), L, F, [](auto x) { return libm_math(F, x); });
}

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

void sqrt_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_float(out[0], to_dtype(a.tensor(0), out[0].dtype()), [](auto x) { return std::sqrt(x); });
}
// rsqrt: 1 / sqrt(x); ATen's scalar form for 16-bit floats rounds the root to
// the storage type first.
void rsqrt_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::visit_dtype(out[0].dtype(), [&]<class S>() {
    if constexpr (!std::is_integral_v<S>) {
      float_unary(
          out[0], to_dtype(a.tensor(0), out[0].dtype()), VecLoop::Blocks,
          [](auto* o, auto* x, int64_t n) {
            using T = std::remove_pointer_t<decltype(o)>;
            for (int64_t i = 0; i < n; ++i) o[i] = T(1) / std::sqrt(x[i]);
          },
          [](auto x) {
            using T = decltype(x);
            return T(1) / static_cast<T>(static_cast<S>(std::sqrt(x)));
          });
    }
  });
}
void reciprocal_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_float(out[0], to_dtype(a.tensor(0), out[0].dtype()), [](auto x) { return decltype(x)(1) / x; });
}

// sigmoid: 1 / (1 + exp(-x)).
void sigmoid_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary(
      out[0], to_dtype(a.tensor(0), out[0].dtype()), VecLoop::Blocks,
      [](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        for (int64_t i = 0; i < n; ++i) o[i] = -x[i];
        vec_math(VecFn::Exp, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = T(1) / (T(1) + o[i]);
      },
      [](auto x) { return decltype(x)(1) / (decltype(x)(1) + libm_math(VecFn::Exp, -x)); });
}

// An exact op over every dtype but those `supported` rejects, computing in
// the output dtype: out[i] = f(x[i]).
template <class F> void exact_unary(const Tensor& out, const Tensor& self, F&& f) {
  Tensor x = to_dtype(self, out.dtype());
  tensor::visit_dtype(out.dtype(), [&]<class T>() { unary_loop<T, T>(out, x, [&](T v) { return f(v); }); });
}

void abs_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (out[0].dtype() == DType::Bool) dtype_not_implemented("abs_cpu", DType::Bool);
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_unsigned_v<T>) return v;
    else if constexpr (std::is_integral_v<T>) return static_cast<T>(v < 0 ? -v : v);
    else return static_cast<T>(std::fabs(static_cast<OpMath<T>>(v)));
  });
}
void neg_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (out[0].dtype() == DType::Bool)
    lang::raise(lang::exc::NotImplementedError,
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
                "mask, use the `~` or `logical_not()` operator instead.");
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(0 - v); // wraps like C++ does for ATen
    else return static_cast<T>(-static_cast<OpMath<T>>(v));
  });
}

// floor, ceil, round, trunc: exact on floats, the identity on integers.
template <class F> void rounding_kernel(const Tensor& out, const Tensor& self, const char* kernel, F f) {
  if (self.dtype() == DType::Bool) dtype_not_implemented(kernel, DType::Bool);
  if (tensor::is_floating(out.dtype())) exact_float(out, to_dtype(self, out.dtype()), f);
  else copy_into(out, self);
}
void floor_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "floor_vml_cpu", [](auto x) { return std::floor(x); });
}
void ceil_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "ceil_vml_cpu", [](auto x) { return std::ceil(x); });
}
void round_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "round_vml_cpu", [](auto x) { return std::nearbyint(x); });
}
void trunc_kernel(const OpArgs& a, std::span<const Tensor> out) {
  rounding_kernel(out[0], a.tensor(0), "trunc_vml_cpu", [](auto x) { return std::trunc(x); });
}
// round(decimals=d): nearbyint(x * 10^d) / 10^d (d < 0: nearbyint(x / 10^-d) * 10^-d).
void round_decimals_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_floating("round_cpu", out[0].dtype());
  int64_t decimals = a.int_(1);
  bool negative = decimals < 0;
  double ten_pow = std::pow(10.0, static_cast<double>(negative ? -decimals : decimals));
  float_unary(
      out[0], a.tensor(0), VecLoop::All,
      [&](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T p = static_cast<T>(ten_pow);
        for (int64_t i = 0; i < n; ++i) o[i] = negative ? std::nearbyint(x[i] / p) * p : std::nearbyint(x[i] * p) / p;
      },
      [&](auto x) {
        using T = decltype(x);
        T p = static_cast<T>(ten_pow);
        return negative ? std::nearbyint(x / p) * p : std::nearbyint(x * p) / p;
      });
}
void frac_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_floating("frac_cpu", out[0].dtype());
  exact_float(out[0], a.tensor(0), [](auto x) { return x - std::trunc(x); });
}

// sign (and sgn, which equals it on real tensors): (0 < x) - (x < 0); the
// identity on bool.
void sign_kernel(const OpArgs& a, std::span<const Tensor> out) {
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_same_v<T, bool>) return v;
    else if constexpr (std::is_integral_v<T>) return static_cast<T>((T(0) < v) - (v < T(0)));
    else {
      OpMath<T> x = v;
      return static_cast<T>(static_cast<OpMath<T>>((0 < x) - (x < 0)));
    }
  });
}

void logical_not_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  tensor::visit_dtype(self.dtype(), [&]<class S>() {
    tensor::visit_dtype(out[0].dtype(), [&]<class R>() {
      unary_loop<R, S>(out[0], self, [](S v) { return convert<R>(!convert<bool>(v)); });
    });
  });
}
void bitwise_not_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_integral("bitwise_not_cpu", out[0].dtype(), true);
  exact_unary(out[0], a.tensor(0), []<class T>(T v) -> T {
    if constexpr (std::is_same_v<T, bool>) return !v;
    else if constexpr (std::is_integral_v<T>) return static_cast<T>(~v);
    else return v;
  });
}

// isnan / isinf / isfinite: false / false / true on integers and bool.
template <class Pred> void predicate_kernel(const OpArgs& a, const Tensor& out, Pred pred, bool integral_value) {
  Tensor self = a.tensor(0);
  tensor::visit_dtype(self.dtype(), [&]<class S>() {
    unary_loop<bool, S>(out, self, [&](S v) {
      if constexpr (std::is_integral_v<S>) return integral_value;
      else return pred(static_cast<OpMath<S>>(v));
    });
  });
}
void isnan_kernel(const OpArgs& a, std::span<const Tensor> out) {
  predicate_kernel(a, out[0], [](auto x) { return std::isnan(x); }, false);
}
void isinf_kernel(const OpArgs& a, std::span<const Tensor> out) {
  predicate_kernel(a, out[0], [](auto x) { return std::isinf(x); }, false);
}
void isfinite_kernel(const OpArgs& a, std::span<const Tensor> out) {
  predicate_kernel(a, out[0], [](auto x) { return std::isfinite(x); }, true);
}

// The largest finite value of T.
template <class T> T max_of() {
  if constexpr (std::is_same_v<T, tensor::Half>) return tensor::Half::from_bits(0x7bff);
  else if constexpr (std::is_same_v<T, tensor::BFloat16>) return tensor::BFloat16::from_bits(0x7f7f);
  else return std::numeric_limits<T>::max();
}

// nan_to_num: NaN -> nan (0), +inf -> posinf (the dtype's max), -inf -> neginf (its lowest).
void nan_to_num_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (!tensor::is_floating(out[0].dtype())) return copy_into(out[0], self);
  std::optional<double> nan = a.optional_double(1), posinf = a.optional_double(2), neginf = a.optional_double(3);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      T nan_v = static_cast<T>(nan.value_or(0.0));
      T pos_v = posinf ? static_cast<T>(*posinf) : max_of<T>();
      T neg_v = neginf ? static_cast<T>(*neginf) : static_cast<T>(-static_cast<OpMath<T>>(max_of<T>()));
      unary_loop<T, T>(out[0], self, [&](T v) {
        OpMath<T> x = v;
        return std::isnan(x) ? nan_v : x == std::numeric_limits<OpMath<T>>::infinity() ? pos_v
                                    : x == -std::numeric_limits<OpMath<T>>::infinity() ? neg_v : v;
      });
    }
  });
}

// ---- clamp -------------------------------------------------------------------------------

// clamp(self, min, max) with Scalar or Tensor bounds (arguments 1 and 2, one
// of which may be absent): the result type counts the bounds too.
std::vector<TensorSpec> clamp_meta(const OpArgs& a) {
  if (a.is_none(1) && a.is_none(2)) fail("torch.clamp: At least one of 'min' or 'max' must not be None");
  std::vector<size_t> present;
  ResultType rt;
  std::vector<Tensor> operands{a.tensor(0)};
  rt.add(a.tensor(0));
  for (size_t i = 1; i < 3; ++i) {
    if (a.is_none(i)) continue;
    rt.add_arg(a, i);
    if (!a.is_number(i)) operands.push_back(a.tensor(i));
  }
  DType dtype = rt.result();
  if (dtype == DType::Bool) dtype_not_implemented("clamp_cpu", dtype);
  return {elementwise_spec(operands, dtype)};
}
// clamp_min / clamp_max: one bound, argument 1.
template <bool kMin> std::vector<TensorSpec> clamp_one_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = {elementwise_spec(a, {0, 1}, Promotion::Default)};
  if (spec[0].dtype == DType::Bool) dtype_not_implemented(kMin ? "clamp_min_cpu" : "clamp_max_cpu", DType::Bool);
  return spec;
}

// Clamps into out's dtype; `lo`/`hi` are the bounds' tensors (undefined when absent).
void clamp_into(const Tensor& out, const Tensor& self, const Tensor& lo, const Tensor& hi) {
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
Tensor bound_of(const OpArgs& a, size_t i) { return a.is_none(i) ? Tensor() : a.tensor(i); }
void clamp_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), bound_of(a, 1), bound_of(a, 2));
}
void clamp_min_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), a.tensor(1), Tensor());
}
void clamp_max_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), Tensor(), a.tensor(1));
}

// relu = clamp_min(self, 0), refusing bool.
std::vector<TensorSpec> relu_meta(const OpArgs& a) {
  if (a.tensor(0).dtype() == DType::Bool) lang::raise(lang::exc::NotImplementedError, "Boolean inputs not supported for relu");
  return same_meta(a);
}
void relu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  clamp_into(out[0], a.tensor(0), wrapped_number_tensor(Scalar(int64_t{0})), Tensor());
}

// hardtanh = clamp(self, min_val, max_val) in self's dtype.
std::vector<TensorSpec> hardtanh_meta(const OpArgs& a) {
  DType t = a.tensor(0).dtype();
  if (t == DType::Bool) lang::raise(lang::exc::NotImplementedError, "Bool inputs not supported for hardtanh");
  if (t == DType::UInt8 && (a.scalar(1).to_double() < 0 || a.scalar(2).to_double() < 0))
    fail("cannot do hardtanh on an unsigned type with negative limits");
  return same_meta(a);
}
void hardtanh_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  tensor::visit_dtype(t, [&]<class T>() {
    T lo = a.scalar(1).to<T>(), hi = a.scalar(2).to<T>();
    unary_loop<T, T>(out[0], to_dtype(a.tensor(0), t), [lo, hi](T v) { return nan_min(nan_max(v, lo), hi); });
  });
}

// threshold(self, threshold, value): value where self <= threshold, else self.
std::vector<TensorSpec> threshold_meta(const OpArgs& a) {
  if (a.tensor(0).dtype() == DType::Bool) dtype_not_implemented("threshold_cpu", DType::Bool);
  return same_meta(a);
}
void threshold_kernel(const OpArgs& a, std::span<const Tensor> out) {
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T th = a.scalar(1).to<T>(), value = a.scalar(2).to<T>();
    unary_loop<T, T>(out[0], to_dtype(a.tensor(0), out[0].dtype()), [th, value](T v) {
      return static_cast<OpMath<T>>(v) <= static_cast<OpMath<T>>(th) ? value : v;
    });
  });
}
// threshold_backward(grad_output, self, threshold): 0 where self <= threshold, else grad_output.
void threshold_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  tensor::visit_dtype(t, [&]<class T>() {
    T th = a.scalar(2).to<T>();
    binary_loop<T, T>(out[0], to_dtype(a.tensor(1), t), to_dtype(a.tensor(0), t), [th](T x, T g) {
      return static_cast<OpMath<T>>(x) <= static_cast<OpMath<T>>(th) ? T(0) : g;
    });
  });
}

// ---- activations --------------------------------------------------------------------------

std::vector<TensorSpec> activation_meta(const OpArgs& a, const char* kernel) {
  check_floating(kernel, a.tensor(0).dtype());
  return same_meta(a);
}
template <const char* kKernel> std::vector<TensorSpec> activation_meta(const OpArgs& a) {
  return activation_meta(a, kKernel);
}
constexpr char kGeluName[] = "GeluKernelImpl", kSiluName[] = "silu_cpu", kMishName[] = "mish_cpu",
               kEluName[] = "elu_cpu", kLeakyName[] = "leaky_relu_cpu", kSoftplusName[] = "softplus_cpu";

bool gelu_tanh(const OpArgs& a, size_t i) {
  std::string_view approximate = a.str(i);
  if (approximate == "tanh") return true;
  if (approximate != "none") fail("approximate argument must be either none or tanh.");
  return false;
}

constexpr double kSqrt1_2 = 0.70710678118654752440;  // M_SQRT1_2
constexpr double k2SqrtPi = 1.12837916709551257390;  // M_2_SQRTPI
constexpr double kGeluBeta = 1.41421356237309504880 * k2SqrtPi * 0.5; // sqrt(2/pi)
constexpr double kGeluKappa = 0.044715;
constexpr double kGeluPdf = k2SqrtPi * kSqrt1_2 * 0.5; // 1/sqrt(2 pi)

// sqrt(2/pi) (x + 0.044715 x^3), with the one FMA GCC contracts it to in
// ATen's AVX2 build.
template <class T> T gelu_tanh_inner(T x) { return T(kGeluBeta) * std::fma(T(kGeluKappa), x * x * x, x); }

// gelu: x/2 (1 + erf(x/sqrt 2)), or with approximate='tanh'
// x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
void gelu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (gelu_tanh(a, 1)) {
    float_unary(
        out[0], a.tensor(0), VecLoop::Blocks,
        [](auto* o, auto* x, int64_t n) {
          using T = std::remove_pointer_t<decltype(o)>;
          T xs[kVecChunk];
          std::copy(x, x + n, xs);
          for (int64_t i = 0; i < n; ++i) o[i] = gelu_tanh_inner(xs[i]);
          vec_math(VecFn::Tanh, o, o, n);
          for (int64_t i = 0; i < n; ++i) o[i] = T(0.5) * xs[i] * (T(1) + o[i]);
        },
        [](auto x) {
          using T = decltype(x);
          return T(0.5) * x * (T(1) + libm_math(VecFn::Tanh, gelu_tanh_inner(x)));
        });
    return;
  }
  float_unary(
      out[0], a.tensor(0), VecLoop::Blocks,
      [](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T xs[kVecChunk];
          std::copy(x, x + n, xs);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(kSqrt1_2);
        vec_math(VecFn::Erf, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(0.5) * (T(1) + o[i]);
      },
      [](auto x) {
        using T = decltype(x);
        return x * T(0.5) * (T(1) + libm_math(VecFn::Erf, x * T(kSqrt1_2)));
      });
}

// gelu_backward(grad_output, self): grad_output * d gelu / dx.
void gelu_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("GeluBackwardKernelImpl", t);
  std::array<Tensor, 2> in = {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)};
  if (gelu_tanh(a, 2)) {
    auto scalar = [](auto dy, auto x, auto tanh_inner) {
      using T = decltype(x);
      T left = T(0.5) * x, right = T(1) + tanh_inner;
      T left_derivative = T(0.5) * right;
      T tanh_derivative = T(1) - tanh_inner * tanh_inner;
      T inner_derivative = T(kGeluBeta) * (T(1) + T(3) * T(kGeluKappa) * x * x);
      return dy * (left_derivative + left * tanh_derivative * inner_derivative);
    };
    auto inner = [](auto x) { return gelu_tanh_inner(x); };
    float_pointwise<2>(
        out[0], in, VecLoop::Blocks,
        [&](auto* o, auto in, int64_t n) {
          using T = std::remove_pointer_t<decltype(o)>;
          T dy[kVecChunk], x[kVecChunk];
          std::copy(in[0], in[0] + n, dy);
          std::copy(in[1], in[1] + n, x);
          for (int64_t i = 0; i < n; ++i) o[i] = inner(x[i]);
          vec_math(VecFn::Tanh, o, o, n);
          for (int64_t i = 0; i < n; ++i) o[i] = scalar(dy[i], x[i], o[i]);
        },
        [&](auto dy, auto x) { return scalar(dy, x, libm_math(VecFn::Tanh, inner(x))); });
    return;
  }
  auto combine = [](auto dy, auto x, auto erf_term, auto exp_term) {
    using T = decltype(x);
    T cdf = T(0.5) * (T(1) + erf_term);
    T pdf = T(kGeluPdf) * exp_term;
    return dy * std::fma(x, pdf, cdf);
  };
  float_pointwise<2>(
      out[0], in, VecLoop::Blocks,
      [&](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T dy[kVecChunk], x[kVecChunk], e[kVecChunk];
        std::copy(in[0], in[0] + n, dy);
        std::copy(in[1], in[1] + n, x);
        for (int64_t i = 0; i < n; ++i) {
          o[i] = x[i] * T(kSqrt1_2);
          e[i] = x[i] * x[i] * T(-0.5);
        }
        vec_math(VecFn::Erf, o, o, n);
        vec_math(VecFn::Exp, e, e, n);
        for (int64_t i = 0; i < n; ++i) o[i] = combine(dy[i], x[i], o[i], e[i]);
      },
      [&](auto dy, auto x) {
        using T = decltype(x);
        return combine(dy, x, libm_math(VecFn::Erf, x * T(kSqrt1_2)), libm_math(VecFn::Exp, x * x * T(-0.5)));
      });
}

// silu: x / (1 + exp(-x)).
void silu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary(
      out[0], a.tensor(0), VecLoop::Blocks,
      [](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T xs[kVecChunk];
          std::copy(x, x + n, xs);
        for (int64_t i = 0; i < n; ++i) o[i] = -xs[i];
        vec_math(VecFn::Exp, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] / (T(1) + o[i]);
      },
      [](auto x) { return x / (decltype(x)(1) + libm_math(VecFn::Exp, -x)); });
}
// silu_backward(grad_output, self): dy s (1 + x (1 - s)), s = sigmoid(x).
void silu_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("silu_backward_cpu", t);
  auto combine = [](auto dy, auto x, auto e) {
    using T = decltype(x);
    T s = T(1) / (T(1) + e);
    return dy * s * std::fma(x, T(1) - s, T(1));
  };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::Blocks,
      [&](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T e[kVecChunk];
        for (int64_t i = 0; i < n; ++i) e[i] = -in[1][i];
        vec_math(VecFn::Exp, e, e, n);
        for (int64_t i = 0; i < n; ++i) o[i] = combine(in[0][i], in[1][i], e[i]);
      },
      [&](auto dy, auto x) { return combine(dy, x, libm_math(VecFn::Exp, -x)); });
}

// mish: x tanh(softplus(x)) = x tanh(log1p(exp(x))).
template <class T> void tanh_softplus(T* o, const T* x, int64_t n) {
  vec_math(VecFn::Exp, o, x, n);
  vec_math(VecFn::Log1p, o, o, n);
  vec_math(VecFn::Tanh, o, o, n);
}
template <class T> T tanh_softplus(T x) {
  return libm_math(VecFn::Tanh, libm_math(VecFn::Log1p, libm_math(VecFn::Exp, x)));
}
void mish_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_unary(
      out[0], a.tensor(0), VecLoop::Blocks,
      [](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T xs[kVecChunk];
          std::copy(x, x + n, xs);
        tanh_softplus(o, xs, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * o[i];
      },
      [](auto x) { return x * tanh_softplus(x); });
}
// mish_backward(grad_output, self): dy (ts + x s (1 - ts^2)), ts = tanh(softplus(x)), s = sigmoid(x).
void mish_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("mish_backward_cpu", t);
  auto combine = [](auto dy, auto x, auto e, auto ts) {
    using T = decltype(x);
    T s = T(1) / (T(1) + e);
    return dy * std::fma(x * s, std::fma(-ts, ts, T(1)), ts);
  };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::Blocks,
      [&](auto* o, auto in, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T e[kVecChunk], ts[kVecChunk];
        for (int64_t i = 0; i < n; ++i) e[i] = -in[1][i];
        vec_math(VecFn::Exp, e, e, n);
        tanh_softplus(ts, in[1], n);
        for (int64_t i = 0; i < n; ++i) o[i] = combine(in[0][i], in[1][i], e[i], ts[i]);
      },
      [&](auto dy, auto x) { return combine(dy, x, libm_math(VecFn::Exp, -x), tanh_softplus(x)); });
}

// elu(self, alpha, scale, input_scale): x > 0 ? x scale : expm1(x input_scale) alpha scale.
void elu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  double alpha = a.scalar(1).to_double(), scale = a.scalar(2).to_double(), input_scale = a.scalar(3).to_double();
  auto params = [&](auto x) {
    using T = decltype(x);
    return std::array<T, 3>{T(alpha) * T(scale), T(scale), T(input_scale)};
  };
  float_unary(
      out[0], a.tensor(0), VecLoop::Blocks,
      [&](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        auto [negcoef, poscoef, negiptcoef] = params(T());
        T xs[kVecChunk];
          std::copy(x, x + n, xs);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * negiptcoef;
        vec_math(VecFn::Expm1, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] > T(0) ? xs[i] * poscoef : o[i] * negcoef;
      },
      [&](auto x) {
        using T = decltype(x);
        auto [negcoef, poscoef, negiptcoef] = params(T());
        return x <= T(0) ? libm_math(VecFn::Expm1, x * negiptcoef) * negcoef : x * poscoef;
      });
}

// leaky_relu(self, negative_slope): x > 0 ? x : x * negative_slope.
void leaky_relu_kernel(const OpArgs& a, std::span<const Tensor> out) {
  double slope = a.scalar(1).to_double();
  exact_float(out[0], a.tensor(0), [slope](auto x) {
    using T = decltype(x);
    return x > T(0) ? x : x * T(slope);
  });
}
// leaky_relu_backward(grad_output, self, negative_slope, self_is_result).
void leaky_relu_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("leaky_relu_backward_cpu", t);
  double slope = a.scalar(2).to_double();
  tensor::visit_dtype(t, [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      binary_loop<T, T>(out[0], to_dtype(a.tensor(1), t), to_dtype(a.tensor(0), t), [slope](T x, T g) {
        using M = OpMath<T>;
        return static_cast<T>(static_cast<M>(x) > M(0) ? static_cast<M>(g) : static_cast<M>(g) * M(slope));
      });
    }
  });
}
// hardtanh_backward(grad_output, self, min_val, max_val): 0 outside (min_val, max_val).
void hardtanh_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("hardtanh_backward_cpu", t);
  double lo = a.scalar(2).to_double(), hi = a.scalar(3).to_double();
  tensor::visit_dtype(t, [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      using M = OpMath<T>;
      M l = static_cast<M>(lo), h = static_cast<M>(hi);
      binary_loop<T, T>(out[0], to_dtype(a.tensor(1), t), to_dtype(a.tensor(0), t), [l, h](T x, T g) {
        return static_cast<M>(x) <= l || static_cast<M>(x) >= h ? T(0) : g;
      });
    }
  });
}

// softplus(self, beta, threshold): x beta > threshold ? x : log1p(exp(x beta)) / beta.
void softplus_kernel(const OpArgs& a, std::span<const Tensor> out) {
  double beta = a.scalar(1).to_double(), threshold = a.scalar(2).to_double();
  float_unary(
      out[0], a.tensor(0), VecLoop::Blocks,
      [&](auto* o, auto* x, int64_t n) {
        using T = std::remove_pointer_t<decltype(o)>;
        T xs[kVecChunk];
          std::copy(x, x + n, xs);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(beta);
        vec_math(VecFn::Exp, o, o, n);
        vec_math(VecFn::Log1p, o, o, n);
        for (int64_t i = 0; i < n; ++i) o[i] = xs[i] * T(beta) > T(threshold) ? xs[i] : o[i] / T(beta);
      },
      [&](auto x) {
        using T = decltype(x);
        return x * T(beta) > T(threshold) ? x : libm_math(VecFn::Log1p, libm_math(VecFn::Exp, x * T(beta))) / T(beta);
      });
}

// sigmoid_backward(grad_output, output) = grad_output (1 - output) output;
// tanh_backward(grad_output, output) = grad_output (1 - output^2). Here and
// in the other backward kernels, multiply-adds are fused where GCC fuses them
// in ATen's AVX2 build.
void sigmoid_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("sigmoid_backward_cpu", t);
  auto f = [](auto g, auto y) { return g * (decltype(y)(1) - y) * y; };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::All,
      [&](auto* o, auto in, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = f(in[0][i], in[1][i]);
      },
      f);
}
void tanh_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  check_floating("tanh_backward_cpu", t);
  auto f = [](auto g, auto y) { return g * std::fma(-y, y, decltype(y)(1)); };
  float_pointwise<2>(
      out[0], {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::All,
      [&](auto* o, auto in, int64_t n) {
        for (int64_t i = 0; i < n; ++i) o[i] = f(in[0][i], in[1][i]);
      },
      f);
}

// ---- derivatives ---------------------------------------------------------------------------

Tensor mul(const Tensor& a, const Value& b) { return call_tensor("mul.Tensor", a, b); }
Tensor mul(const Tensor& a, const Tensor& b) { return call_tensor("mul.Tensor", a, b); }
Tensor mul(const Tensor& a, double b) { return call_tensor("mul.Tensor", a, b); }
Tensor div(const Tensor& a, const Tensor& b) { return call_tensor("div.Tensor", a, b); }
Tensor add(const Tensor& a, double b) { return call_tensor("add.Tensor", a, b); }
Tensor zeros(const Tensor& g) { return call_tensor("zeros_like", g); }
Tensor self_of(const BackwardContext& c) { return c.tensor(0); }
Tensor one_minus_square(const Tensor& x) { return call_tensor("rsub.Scalar", mul(x, x), 1); } // 1 - x^2

Grads exp_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], c.result())}; }
Grads exp2_backward(const BackwardContext& c, const Grads& g) {
  return {mul(mul(g[0], c.result()), 0.69314718055994530942)};
}
Grads expm1_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], add(c.result(), 1))}; }
Grads log_backward(const BackwardContext& c, const Grads& g) { return {div(g[0], self_of(c))}; }
Grads log2_backward(const BackwardContext& c, const Grads& g) {
  return {div(g[0], mul(self_of(c), 0.69314718055994530942))};
}
Grads log10_backward(const BackwardContext& c, const Grads& g) {
  return {div(g[0], mul(self_of(c), 2.30258509299404568402))};
}
Grads log1p_backward(const BackwardContext& c, const Grads& g) { return {div(g[0], add(self_of(c), 1))}; }
Grads sqrt_backward(const BackwardContext& c, const Grads& g) {
  return {div(g[0], call_tensor("mul.Tensor", 2, c.result()))};
}
Grads rsqrt_backward(const BackwardContext& c, const Grads& g) {
  return {mul(call_tensor("mul.Tensor", -0.5, g[0]), call_tensor("pow.Tensor_Scalar", c.result(), 3))};
}
Grads reciprocal_backward(const BackwardContext& c, const Grads& g) {
  return {mul(call_tensor("neg", g[0]), mul(c.result(), c.result()))};
}
Grads sin_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("cos", self_of(c)))}; }
Grads cos_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("neg", call_tensor("sin", self_of(c))))};
}
Grads tan_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("add.Tensor", 1, call_tensor("pow.Tensor_Scalar", c.result(), 2)))};
}
Grads asin_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("rsqrt", one_minus_square(self_of(c))))};
}
Grads acos_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("neg", call_tensor("rsqrt", one_minus_square(self_of(c)))))};
}
Grads atan_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c);
  return {div(g[0], add(mul(x, x), 1))};
}
Grads sinh_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("cosh", self_of(c)))}; }
Grads cosh_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("sinh", self_of(c)))}; }
Grads tanh_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("tanh_backward", g[0], c.result())};
}
Grads sigmoid_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("sigmoid_backward", g[0], c.result())};
}
// d erf / dx = 2/sqrt(pi) exp(-x^2); erfc is its negation.
template <int kSign> Grads erf_backward(const BackwardContext& c, const Grads& g) {
  Tensor e = call_tensor("exp", call_tensor("neg", call_tensor("pow.Tensor_Scalar", self_of(c), 2)));
  return {mul(call_tensor("mul.Tensor", kSign * k2SqrtPi, e), g[0])};
}
Grads abs_backward(const BackwardContext& c, const Grads& g) { return {mul(g[0], call_tensor("sgn", self_of(c)))}; }
Grads neg_backward(const BackwardContext&, const Grads& g) { return {call_tensor("neg", g[0])}; }
Grads identity_backward(const BackwardContext&, const Grads& g) { return {g[0]}; }
Grads nan_to_num_backward(const BackwardContext& c, const Grads& g) {
  return {mul(g[0], call_tensor("isfinite", self_of(c)))};
}
Grads relu_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("threshold_backward", g[0], c.result(), 0)};
}
Grads threshold_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("threshold_backward", g[0], self_of(c), c.args()[1])};
}
// threshold_backward, leaky_relu_backward, hardtanh_backward: linear in
// grad_output, piecewise constant in self.
template <const char* kOp> Grads masked_backward_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  std::vector<Value> args(c.values);
  args[0] = g[0].to_value();
  if (c.needs_grad_of_arg(0)) out[0] = Tensor::from_value(call_op(ops::op(kOp), args));
  if (c.needs_grad_of_arg(1)) out[1] = zeros(g[0]);
  return out;
}
constexpr char kThresholdBackward[] = "threshold_backward", kLeakyBackward[] = "leaky_relu_backward",
               kHardtanhBackward[] = "hardtanh_backward";

// clamp(self, min, max) with Scalar bounds: grad where min <= self <= max.
Tensor clamp_mask(const Tensor& x, const Value& lo, const Value& hi, const char* ge, const char* le) {
  Tensor mask;
  if (!lo.is_none()) mask = call_tensor(ge, x, lo);
  if (!hi.is_none()) {
    Tensor upper = call_tensor(le, x, hi);
    mask = mask.defined() ? call_tensor("logical_and", mask, upper) : upper;
  }
  return mask;
}
Tensor where_or_zero(const Tensor& mask, const Tensor& grad) {
  return call_tensor("where.ScalarOther", mask, grad, 0.0);
}
Grads clamp_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {where_or_zero(clamp_mask(self_of(c), a[1], a[2], "ge.Scalar", "le.Scalar"), g[0])};
}
Grads clamp_min_backward(const BackwardContext& c, const Grads& g) {
  return {where_or_zero(call_tensor("gt.Scalar", self_of(c), c.args()[1]), g[0])};
}
Grads clamp_max_backward(const BackwardContext& c, const Grads& g) {
  return {where_or_zero(call_tensor("lt.Scalar", self_of(c), c.args()[1]), g[0])};
}
Grads clamp_tensor_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor x = self_of(c);
  Tensor lo = a.optional_tensor(1), hi = a.optional_tensor(2);
  Grads out(3);
  if (c.needs_grad_of_arg(0)) {
    Tensor mask;
    if (lo.defined()) mask = call_tensor("ge.Tensor", x, lo);
    if (hi.defined()) {
      Tensor upper = call_tensor("le.Tensor", x, hi);
      mask = mask.defined() ? call_tensor("logical_and", mask, upper) : upper;
    }
    out[0] = where_or_zero(mask, g[0]);
  }
  if (lo.defined() && c.needs_grad_of_arg(1)) {
    Tensor below = call_tensor("lt.Tensor", x, lo);
    if (hi.defined()) below = call_tensor("logical_and", below, call_tensor("le.Tensor", lo, hi));
    out[1] = where_or_zero(below, g[0]);
  }
  if (hi.defined() && c.needs_grad_of_arg(2)) {
    Tensor above = call_tensor("gt.Tensor", x, hi);
    if (lo.defined()) above = call_tensor("logical_or", above, call_tensor("gt.Tensor", lo, hi));
    out[2] = where_or_zero(above, g[0]);
  }
  return out;
}
template <bool kMin> Grads clamp_one_tensor_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c), bound = c.tensor(1);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = tie_split(g[0], x, bound, kMin ? "lt.Tensor" : "gt.Tensor");
  if (c.needs_grad_of_arg(1)) out[1] = tie_split(g[0], x, bound, kMin ? "gt.Tensor" : "lt.Tensor");
  return out;
}

Grads gelu_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("gelu_backward", g[0], self_of(c), c.args()[1])};
}
// gelu_backward's own derivative (double backward through gelu).
Grads gelu_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor grad_output = c.tensor(0), x = c.tensor(1);
  Value approximate = a[2];
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("gelu_backward", g[0], x, approximate);
  if (!c.needs_grad_of_arg(1)) return out;
  Tensor d2; // second derivative of gelu at x
  if (gelu_tanh(a, 2)) {
    Tensor x_sq = mul(x, x);
    Tensor inner = mul(call_tensor("add.Tensor", x, mul(call_tensor("pow.Tensor_Scalar", x, 3), kGeluKappa)), kGeluBeta);
    Tensor t = call_tensor("tanh", inner);
    Tensor sech_sq = one_minus_square(t);                       // 1 - tanh^2
    Tensor h = mul(add(mul(x_sq, 3 * kGeluKappa), 1), kGeluBeta); // d inner / dx
    Tensor h_prime = mul(x, 6 * kGeluKappa * kGeluBeta);
    // d/dx [1/2 (1 + t) + 1/2 x sech^2 h] = sech^2 h + 1/2 x (-2 t sech^2 h^2 + sech^2 h')
    Tensor term1 = mul(sech_sq, h);
    Tensor term2 = mul(mul(x, 0.5), mul(sech_sq, call_tensor("sub.Tensor", h_prime, mul(mul(t, mul(h, h)), 2.0))));
    d2 = call_tensor("add.Tensor", term1, term2);
  } else {
    // d/dx [Phi(x) + x phi(x)] = 2 phi(x) - x^2 phi(x)
    Tensor x_sq = mul(x, x);
    Tensor pdf = mul(call_tensor("exp", mul(x_sq, -0.5)), kGeluPdf);
    d2 = call_tensor("sub.Tensor", mul(pdf, 2.0), mul(x_sq, pdf));
  }
  out[1] = mul(mul(g[0], grad_output), d2);
  return out;
}

// silu and mish: the backward kernel, or with grad mode on (create_graph)
// the same formula written with ops so it is differentiable again.
Grads silu_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c);
  if (!grad_enabled()) return {call_tensor("silu_backward", g[0], x)};
  Tensor s = call_tensor("sigmoid", x);
  return {mul(g[0], mul(s, add(mul(x, call_tensor("rsub.Scalar", s, 1)), 1)))};
}
Grads mish_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = self_of(c);
  if (!grad_enabled()) return {call_tensor("mish_backward", g[0], x)};
  Tensor s = call_tensor("sigmoid", x);
  Tensor ts = call_tensor("tanh", call_tensor("softplus", x));
  return {mul(g[0], call_tensor("add.Tensor", ts, mul(mul(x, s), one_minus_square(ts))))};
}
// elu: x > 0 ? scale : alpha scale input_scale exp(x input_scale), written
// with ops (in-place elu_ reads the result: alpha scale input_scale + result input_scale).
Grads elu_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  double alpha = a.scalar(1).to_double(), scale = a.scalar(2).to_double(), input_scale = a.scalar(3).to_double();
  bool is_result = c.op->inplace;
  Tensor v = is_result ? c.result() : self_of(c);
  Tensor neg = is_result ? mul(add(v, alpha * scale), input_scale)
                         : mul(call_tensor("exp", mul(v, input_scale)), alpha * scale * input_scale);
  Tensor slope = call_tensor("where.ScalarSelf", call_tensor("gt.Scalar", v, 0), scale, neg);
  return {mul(g[0], slope)};
}
Grads leaky_relu_backward(const BackwardContext& c, const Grads& g) {
  bool is_result = c.op->inplace;
  return {call_tensor("leaky_relu_backward", g[0], is_result ? c.result() : self_of(c), c.args()[1], is_result)};
}
Grads hardtanh_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("hardtanh_backward", g[0], self_of(c), a[1], a[2])};
}
// softplus: x beta > threshold ? 1 : sigmoid(x beta).
Grads softplus_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor z = mul(self_of(c), a[1]);
  Tensor slope = call_tensor("where.ScalarSelf", call_tensor("gt.Scalar", z, a[2]), 1.0, call_tensor("sigmoid", z));
  return {mul(g[0], slope)};
}
// sigmoid_backward(grad_output, output) = grad_output (1 - output) output.
Grads sigmoid_backward_backward(const BackwardContext& c, const Grads& g) {
  Tensor go = c.tensor(0), y = c.tensor(1);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("sigmoid_backward", g[0], y);
  if (c.needs_grad_of_arg(1)) out[1] = mul(mul(g[0], go), add(mul(y, -2.0), 1));
  return out;
}
// tanh_backward(grad_output, output) = grad_output (1 - output^2).
Grads tanh_backward_backward(const BackwardContext& c, const Grads& g) {
  Tensor go = c.tensor(0), y = c.tensor(1);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("tanh_backward", g[0], y);
  if (c.needs_grad_of_arg(1)) out[1] = mul(g[0], mul(mul(y, -2.0), go));
  return out;
}

// ---- composites -------------------------------------------------------------------------------

Value positive_run(const OpArgs& a) {
  if (a.tensor(0).dtype() == DType::Bool)
    lang::raise(lang::exc::NotImplementedError, "The `+` operator, on a bool tensor is not supported.");
  return a[0];
}
Value square_run(const OpArgs& a) { return call("pow.Tensor_Scalar", a[0], 2); }
Value square_inplace_run(const OpArgs& a) { return call("pow_.Scalar", a[0], 2); }

// A floating-point math op: schema name, in-place name, kernel, grad_fn name,
// formula and what the formula reads.
struct MathOp {
  const char* name;
  KernelFn kernel;
  const char* node;
  BackwardFn backward;
  bool reads_result;
};
const MathOp kMathOps[] = {
    {"exp", math_kernel<VecFn::Exp, VecLoop::All>, "ExpBackward0", exp_backward, true},
    {"exp2", math_kernel<VecFn::Exp2, VecLoop::Blocks>, "Exp2Backward0", exp2_backward, true},
    {"expm1", math_kernel<VecFn::Expm1, VecLoop::All>, "Expm1Backward0", expm1_backward, true},
    {"log", math_kernel<VecFn::Log, VecLoop::All>, "LogBackward0", log_backward, false},
    {"log2", math_kernel<VecFn::Log2, VecLoop::All>, "Log2Backward0", log2_backward, false},
    {"log10", math_kernel<VecFn::Log10, VecLoop::All>, "Log10Backward0", log10_backward, false},
    {"log1p", math_kernel<VecFn::Log1p, VecLoop::All>, "Log1PBackward0", log1p_backward, false},
    {"sqrt", sqrt_kernel, "SqrtBackward0", sqrt_backward, true},
    {"rsqrt", rsqrt_kernel, "RsqrtBackward0", rsqrt_backward, true},
    {"reciprocal", reciprocal_kernel, "ReciprocalBackward0", reciprocal_backward, true},
    {"sin", math_kernel<VecFn::Sin, VecLoop::All>, "SinBackward0", sin_backward, false},
    {"cos", math_kernel<VecFn::Cos, VecLoop::All>, "CosBackward0", cos_backward, false},
    {"tan", math_kernel<VecFn::Tan, VecLoop::All>, "TanBackward0", tan_backward, true},
    {"asin", math_kernel<VecFn::Asin, VecLoop::All>, "AsinBackward0", asin_backward, false},
    {"acos", math_kernel<VecFn::Acos, VecLoop::All>, "AcosBackward0", acos_backward, false},
    {"atan", math_kernel<VecFn::Atan, VecLoop::All>, "AtanBackward0", atan_backward, false},
    {"sinh", math_kernel<VecFn::Sinh, VecLoop::Blocks>, "SinhBackward0", sinh_backward, false},
    {"cosh", math_kernel<VecFn::Cosh, VecLoop::Blocks>, "CoshBackward0", cosh_backward, false},
    {"tanh", math_kernel<VecFn::Tanh, VecLoop::All>, "TanhBackward0", tanh_backward, true},
    {"sigmoid", sigmoid_kernel, "SigmoidBackward0", sigmoid_backward, true},
    {"erf", math_kernel<VecFn::Erf, VecLoop::All>, "ErfBackward0", erf_backward<1>, false},
    {"erfc", math_kernel<VecFn::Erfc, VecLoop::All>, "ErfcBackward0", erf_backward<-1>, false},
};

} // namespace

void register_unary_ops(OpRegistry& r) {
  const uint8_t both = kFunction | kMethod;
  for (const MathOp& m : kMathOps) {
    OpBuilder b = r.def(std::string(m.name) + "(Tensor self) -> Tensor");
    b.method().structured(float_meta, m.kernel).inplace(std::string(m.name) + "_", both).derivative(m.node, m.backward);
    if (m.reads_result) b.saves_result();
    else b.saves({"self"});
  }
  r.def("abs(Tensor self) -> Tensor").method().structured(same_meta, abs_kernel).inplace("abs_", both)
      .derivative("AbsBackward0", abs_backward).saves({"self"});
  r.def("neg(Tensor self) -> Tensor").method().structured(same_meta, neg_kernel).inplace("neg_", both)
      .derivative("NegBackward0", neg_backward);
  r.def("positive(Tensor(a) self) -> Tensor(a)").method().composite(positive_run);
  r.def("square(Tensor self) -> Tensor").method().composite(square_run);
  r.def("square_(Tensor(a!) self) -> Tensor(a!)").method().composite(square_inplace_run);
  r.def("floor(Tensor self) -> Tensor").method().structured(same_meta, floor_kernel).inplace("floor_", both)
      .derivative("FloorBackward0", zero_derivative);
  r.def("ceil(Tensor self) -> Tensor").method().structured(same_meta, ceil_kernel).inplace("ceil_", both)
      .derivative("CeilBackward0", zero_derivative);
  r.def("round(Tensor self) -> Tensor").method().structured(same_meta, round_kernel).inplace("round_", both)
      .derivative("RoundBackward0", zero_derivative);
  r.def("round.decimals(Tensor self, *, int decimals) -> Tensor").method()
      .structured(same_meta, round_decimals_kernel).inplace("round_.decimals", both)
      .derivative("RoundBackward1", zero_derivative);
  r.def("trunc(Tensor self) -> Tensor").method().structured(same_meta, trunc_kernel).inplace("trunc_", both)
      .derivative("TruncBackward0", zero_derivative);
  r.def("frac(Tensor self) -> Tensor").method().structured(same_meta, frac_kernel).inplace("frac_", both)
      .derivative("FracBackward0", identity_backward);
  r.def("sign(Tensor self) -> Tensor").method().structured(same_meta, sign_kernel).inplace("sign_")
      .derivative("SignBackward0", zero_derivative);
  r.def("sgn(Tensor self) -> Tensor").method().structured(same_meta, sign_kernel).inplace("sgn_")
      .derivative("SgnBackward0", zero_derivative);
  r.def("logical_not(Tensor self) -> Tensor").method().structured(bool_meta, logical_not_kernel).inplace("logical_not_");
  r.def("bitwise_not(Tensor self) -> Tensor").method().structured(same_meta, bitwise_not_kernel).inplace("bitwise_not_");
  r.def("isnan(Tensor self) -> Tensor").method().structured(bool_meta, isnan_kernel);
  r.def("isinf(Tensor self) -> Tensor").method().structured(bool_meta, isinf_kernel);
  r.def("isfinite(Tensor self) -> Tensor").method().structured(bool_meta, isfinite_kernel);
  r.def("nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor").method()
      .structured(same_meta, nan_to_num_kernel).inplace("nan_to_num_", both)
      .derivative("NanToNumBackward0", nan_to_num_backward).saves({"self"});

  r.def("clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor").method()
      .structured(clamp_meta, clamp_kernel).inplace("clamp_.Tensor", both)
      .derivative("ClampBackward0", clamp_tensor_backward).saves({"self", "min", "max"});
  r.def("clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor").method()
      .structured(clamp_meta, clamp_kernel).inplace("clamp_", both)
      .derivative("ClampBackward1", clamp_backward).saves({"self"});
  r.def("clamp_min.Tensor(Tensor self, Tensor min) -> Tensor").method()
      .structured(clamp_one_meta<true>, clamp_min_kernel).inplace("clamp_min_.Tensor", both)
      .derivative("ClampMinBackward1", clamp_one_tensor_backward<true>).saves({"self", "min"});
  r.def("clamp_min(Tensor self, Scalar min) -> Tensor").method()
      .structured(clamp_one_meta<true>, clamp_min_kernel).inplace("clamp_min_", both)
      .derivative("ClampMinBackward0", clamp_min_backward).saves({"self"});
  r.def("clamp_max.Tensor(Tensor self, Tensor max) -> Tensor").method()
      .structured(clamp_one_meta<false>, clamp_max_kernel).inplace("clamp_max_.Tensor", both)
      .derivative("ClampMaxBackward1", clamp_one_tensor_backward<false>).saves({"self", "max"});
  r.def("clamp_max(Tensor self, Scalar max) -> Tensor").method()
      .structured(clamp_one_meta<false>, clamp_max_kernel).inplace("clamp_max_", both)
      .derivative("ClampMaxBackward0", clamp_max_backward).saves({"self"});

  r.def("relu(Tensor self) -> Tensor").method().structured(relu_meta, relu_kernel).inplace("relu_", both)
      .derivative("ReluBackward0", relu_backward).saves_result();
  r.def("threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor")
      .structured(threshold_meta, threshold_kernel).inplace("threshold_", kFunction)
      .derivative("ThresholdBackward0", threshold_backward).saves({"self"});
  r.def("threshold_backward(Tensor grad_output, Tensor self, Scalar threshold) -> Tensor")
      .structured(binary_float_meta, threshold_backward_kernel)
      .derivative("ThresholdBackwardBackward0", masked_backward_backward<kThresholdBackward>).saves({"self"});
  // The torch.nn.functional activations (python_module: nn): only torch.ops.aten
  // and torch._C._nn reach them.
  r.def("gelu(Tensor self, *, str approximate='none') -> Tensor").hidden()
      .structured(activation_meta<kGeluName>, gelu_kernel).inplace("gelu_", 0)
      .derivative("GeluBackward0", gelu_backward).saves({"self"});
  r.def("gelu_backward(Tensor grad_output, Tensor self, *, str approximate='none') -> Tensor").hidden()
      .structured(binary_float_meta, gelu_backward_kernel)
      .derivative("GeluBackwardBackward0", gelu_backward_backward).saves({"grad_output", "self"});
  r.def("silu(Tensor self) -> Tensor").hidden().structured(activation_meta<kSiluName>, silu_kernel)
      .inplace("silu_", 0).derivative("SiluBackward0", silu_backward).saves({"self"});
  r.def("silu_backward(Tensor grad_output, Tensor self) -> Tensor").hidden()
      .structured(binary_float_meta, silu_backward_kernel);
  r.def("mish(Tensor self) -> Tensor").hidden().structured(activation_meta<kMishName>, mish_kernel)
      .inplace("mish_", 0).derivative("MishBackward0", mish_backward).saves({"self"});
  r.def("mish_backward(Tensor grad_output, Tensor self) -> Tensor").hidden()
      .structured(binary_float_meta, mish_backward_kernel);
  r.def("elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor").hidden()
      .structured(activation_meta<kEluName>, elu_kernel).derivative("EluBackward0", elu_backward).saves({"self"});
  // elu_ and leaky_relu_ have grad_fns of their own: their formulas read the result.
  r.def("elu_(Tensor(a!) self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor(a!)").hidden()
      .structured(activation_meta<kEluName>, elu_kernel).derivative("EluBackward1", elu_backward).saves_result()
      .op().inplace = true;
  r.def("leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor").hidden()
      .structured(activation_meta<kLeakyName>, leaky_relu_kernel)
      .derivative("LeakyReluBackward0", leaky_relu_backward).saves({"self"});
  r.def("leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)").hidden()
      .structured(activation_meta<kLeakyName>, leaky_relu_kernel)
      .derivative("LeakyReluBackward1", leaky_relu_backward).saves_result().op().inplace = true;
  r.def("leaky_relu_backward(Tensor grad_output, Tensor self, Scalar negative_slope, bool self_is_result) -> Tensor")
      .hidden().structured(binary_float_meta, leaky_relu_backward_kernel)
      .derivative("LeakyReluBackwardBackward0", masked_backward_backward<kLeakyBackward>).saves({"self"});
  r.def("hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor").hidden()
      .structured(hardtanh_meta, hardtanh_kernel).inplace("hardtanh_", 0)
      .derivative("HardtanhBackward0", hardtanh_backward).saves({"self"});
  r.def("hardtanh_backward(Tensor grad_output, Tensor self, Scalar min_val, Scalar max_val) -> Tensor").hidden()
      .structured(binary_float_meta, hardtanh_backward_kernel)
      .derivative("HardtanhBackwardBackward0", masked_backward_backward<kHardtanhBackward>).saves({"self"});
  r.def("softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor").hidden()
      .structured(activation_meta<kSoftplusName>, softplus_kernel)
      .derivative("SoftplusBackward0", softplus_backward).saves({"self"});
  r.def("sigmoid_backward(Tensor grad_output, Tensor output) -> Tensor").hidden()
      .structured(binary_float_meta, sigmoid_backward_kernel)
      .derivative("SigmoidBackwardBackward0", sigmoid_backward_backward).saves({"grad_output", "output"});
  r.def("tanh_backward(Tensor grad_output, Tensor output) -> Tensor").hidden()
      .structured(binary_float_meta, tanh_backward_kernel)
      .derivative("TanhBackwardBackward0", tanh_backward_backward).saves({"grad_output", "output"});
}

} // namespace refc::ops
