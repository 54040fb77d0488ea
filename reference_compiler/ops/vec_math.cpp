// vec_math and libm_math (unary_kernels.h): the transcendental functions
// over contiguous arrays as ATen's AVX2 Vectorized<float/double> computes
// them (the SLEEF library and accuracy variants ATen calls, and ATen's own
// float erf), and the scalar forms (libm) ATen's loops use for the rest.
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <array>
#include <cstring>
#include <iterator>
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

REFC_AVX2 inline __m256 load(const float* p) { return _mm256_loadu_ps(p); }
REFC_AVX2 inline __m256d load(const double* p) { return _mm256_loadu_pd(p); }
REFC_AVX2 inline void store(float* p, __m256 v) { _mm256_storeu_ps(p, v); }
REFC_AVX2 inline void store(double* p, __m256d v) { _mm256_storeu_pd(p, v); }

// out[i] = F(in[0][i], ...) a vector at a time; a partial last vector is
// padded with zeros, as ATen's Vectorized::loadu(ptr, count) pads it.
template <auto F, class T, size_t N> REFC_AVX2 void map_lanes(T* out, std::array<const T*, N> in, int64_t n) {
  constexpr int64_t kLanes = 32 / sizeof(T);
  alignas(32) T pad[N + 1][kLanes] = {};
  for (int64_t i = 0; i < n; i += kLanes) {
    const bool partial = n - i < kLanes;
    const size_t tail_bytes = static_cast<size_t>(n - i) * sizeof(T);
    std::array<const T*, N> x;
    for (size_t k = 0; k < N; ++k)
      x[k] = partial ? static_cast<const T*>(std::memcpy(pad[k + 1], in[k] + i, tail_bytes)) : in[k] + i;
    T* o = partial ? pad[0] : out + i;
    if constexpr (N == 1) store(o, F(load(x[0])));
    else store(o, F(load(x[0]), load(x[1])));
    if (partial) std::memcpy(out + i, pad[0], tail_bytes);
  }
}
template <auto F, class T> REFC_AVX2 void map(T* out, const T* in, int64_t n) { map_lanes<F, T, 1>(out, {in}, n); }
template <auto F, class T> REFC_AVX2 void map2(T* out, const T* a, const T* b, int64_t n) {
  map_lanes<F, T, 2>(out, {a, b}, n);
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
    {map<Sleef_expf8_u10, float>, map<Sleef_expd4_u10, double>, ::expf, ::exp},
    {map<Sleef_exp2f8_u10, float>, map<Sleef_exp2d4_u10, double>, ::exp2f, ::exp2},
    {map<Sleef_expm1f8_u10, float>, map<Sleef_expm1d4_u10, double>, via_double<::expm1>, ::expm1},
    {map<Sleef_logf8_u10, float>, map<Sleef_logd4_u10, double>, ::logf, ::log},
    {map<Sleef_log2f8_u10, float>, map<Sleef_log2d4_u10, double>, ::log2f, ::log2},
    {map<Sleef_log10f8_u10, float>, map<Sleef_log10d4_u10, double>, via_double<::log10>, ::log10},
    {map<log1p_f8, float>, map<log1p_d4, double>, via_double<::log1p>, ::log1p},
    {map<Sleef_sinf8_u35, float>, map<Sleef_sind4_u10, double>, ::sinf, ::sin},
    {map<Sleef_cosf8_u35, float>, map<Sleef_cosd4_u10, double>, ::cosf, ::cos},
    {map<Sleef_tanf8_u10, float>, map<Sleef_tand4_u10, double>, via_double<::tan>, ::tan},
    {map<Sleef_asinf8_u10, float>, map<Sleef_asind4_u10, double>, via_double<::asin>, ::asin},
    {map<Sleef_acosf8_u10, float>, map<Sleef_acosd4_u10, double>, via_double<::acos>, ::acos},
    {map<Sleef_atanf8_u10, float>, map<Sleef_atand4_u10, double>, via_double<::atan>, ::atan},
    {nullptr, map<Sleef_sinhd4_u10, double>, via_double<::sinh>, ::sinh},
    {nullptr, map<Sleef_coshd4_u10, double>, via_double<::cosh>, ::cosh},
    {map<Sleef_tanhf8_u10, float>, map<Sleef_tanhd4_u10, double>, via_double<::tanh>, ::tanh},
    {map<erf_f8, float>, map<Sleef_erfd4_u10, double>, via_double<::erf>, ::erf},
    {map<Sleef_erfcf8_u15, float>, map<Sleef_erfcd4_u15, double>, via_double<::erfc>, ::erfc},
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
    {map2<Sleef_powf8_u10, float>, map2<Sleef_powd4_u10, double>, ::powf, ::pow},
    {map2<Sleef_atan2f8_u10, float>, map2<Sleef_atan2d4_u10, double>, via_double2<::atan2>, ::atan2},
    {map2<Sleef_hypotf8_u05, float>, map2<Sleef_hypotd4_u05, double>, via_double2<::hypot>, ::hypot},
    {map2<add_f8, float>, map2<add_d4, double>, add_f, add_d},
    {map2<mul_f8, float>, map2<mul_d4, double>, mul_f, mul_d},
};
static_assert(std::size(kVecFns2) == static_cast<size_t>(VecFn2::Mul) + 1);

} // namespace
} // namespace refc::ops

#undef REFC_AVX2
#pragma GCC pop_options

namespace refc::ops {

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

} // namespace refc::ops
