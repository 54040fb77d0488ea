// PyTorch 2.14's CPU random distributions, bit for bit, drawn from the
// Generator (generator.cpp): the distributions of ATen/core/DistributionsHelper.h
// and TransformationHelper.h, the *_impl_ argument checks of
// native/DistributionTemplates.h, the kernels of native/cpu/DistributionTemplates.h
// and randperm_cpu (native/TensorFactories.cpp).
//
// PyTorch runs these kernels as compiled for the CPU's capability; on x86-64
// with AVX2 (and AVX-512, which falls back to AVX2 for normal_) GCC compiles
// them with -mfma and contracts a*b+c into fused multiply-adds. The values
// depend on that, so every place where the shipped 2.14 binary fuses is written
// here as an explicit std::fma, and everything else as separate roundings.
// Machines without AVX2 run PyTorch's DEFAULT kernels and get other low bits.
// Three kernels differ from the PyTorch sources in the index and were ported
// from the 2.14 binary: uniform_ draws in float (24 bits) for half/bfloat16 too
// and maps a result that rounds to `to` onto `from`; normal_ on contiguous
// half/bfloat16 tensors of 16+ elements runs the AVX2 float Box-Muller over
// 16-element blocks; random_(from, to) takes 64-bit draws from range 2^28 up.
#include "reference_compiler/tensor/generator.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <sstream>
#include <string>

// The kernels below spell out every fused multiply-add PyTorch's binary does;
// the compiler must not add its own (it could if built with -mfma/-march).
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace refc::tensor {

// ------------------------------------------------ element order, messages ---

namespace {

// TensorIterator's reorder_dimensions for the operands' strides (the output's
// first): perm[0] is the fastest-moving dimension. A permuted (e.g.
// transposed) output is therefore filled in memory order, not in row-major
// order of its logical indices.
std::vector<size_t> iteration_perm(IntArrayRef sizes, std::initializer_list<IntArrayRef> strides) {
  size_t nd = sizes.size();
  std::vector<size_t> perm(nd);
  for (size_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  // 1: dim0 goes after dim1, -1: before, 0: undecided (keep looking).
  auto should_swap = [&](size_t d0, size_t d1) {
    for (IntArrayRef st : strides) {
      if (st.empty()) continue;
      int64_t s0 = st[d0], s1 = st[d1];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (sizes[d0] > sizes[d1]) return 1;
    }
    return 0;
  };
  for (size_t i = 1; i < nd; ++i) {
    size_t d1 = i;
    for (size_t d0 = i; d0-- > 0;) {
      int c = should_swap(perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  return perm;
}

// Calls f(out_offset, in_offset) for every element, in TensorIterator order
// for output strides `out` (and an input with strides `in`, or none).
template <class F> void for_each_element(IntArrayRef sizes, IntArrayRef out, IntArrayRef in, F&& f) {
  for (int64_t s : sizes)
    if (s == 0) return;
  std::vector<size_t> perm = iteration_perm(sizes, {out, in});
  std::vector<int64_t> idx(sizes.size(), 0);
  int64_t o = 0, i = 0;
  for (;;) {
    f(o, i);
    size_t k = 0;
    for (; k < perm.size(); ++k) {
      size_t d = perm[k];
      int64_t in_stride = in.empty() ? 0 : in[d];
      if (++idx[d] < sizes[d]) {
        o += out[d];
        i += in_stride;
        break;
      }
      o -= (sizes[d] - 1) * out[d];
      i -= (sizes[d] - 1) * in_stride;
      idx[d] = 0;
    }
    if (k == perm.size()) return;
  }
}

// Writes gen() into every element of t, in PyTorch's element order.
template <class T, class Gen> void serial_fill(const Tensor& t, Gen&& gen) {
  T* data = t.data<T>();
  for_each_element(t.sizes(), t.strides(), {}, [&](int64_t o, int64_t) { data[o] = gen(); });
}

template <class T> constexpr bool is_float_v =
    std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// numeric_limits<T>::digits as PyTorch has it for its floating types.
template <class T> constexpr int digits_v = std::is_same_v<T, Half>       ? 11
                                            : std::is_same_v<T, BFloat16> ? 8
                                                                          : std::numeric_limits<T>::digits;

template <class T> double lowest_v() {
  if constexpr (std::is_same_v<T, Half>) return -65504.0;
  else if constexpr (std::is_same_v<T, BFloat16>) return -0x1.fep127;
  else return static_cast<double>(std::numeric_limits<T>::lowest());
}
template <class T> double max_v() {
  if constexpr (std::is_same_v<T, Half>) return 65504.0;
  else if constexpr (std::is_same_v<T, BFloat16>) return 0x1.fep127;
  else return static_cast<double>(std::numeric_limits<T>::max());
}

// The C++ type name PyTorch's TypeMeta prints in "from is out of bounds for ...".
std::string_view type_meta_name(DType t) {
  switch (t) {
  case DType::UInt8: return "unsigned char";
  case DType::Int8: return "signed char";
  case DType::Int16: return "short int";
  case DType::Int32: return "int";
  case DType::Int64: return "long int";
  case DType::Float16: return "c10::Half";
  case DType::Float32: return "float";
  case DType::Float64: return "double";
  case DType::Bool: return "bool";
  case DType::BFloat16: return "c10::BFloat16";
  }
  return "?";
}

// A double as PyTorch's messages print it (ostream defaults: "3", "0.5", "1e+300").
std::string fmt(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

[[noreturn]] void not_implemented(std::string_view kernel, DType t) {
  lang::raise(lang::exc::NotImplementedError, "\"" + std::string(kernel) + "\" not implemented for '" +
                                                  std::string(scalar_type_name(t)) + "'");
}

[[noreturn]] void runtime_error(const std::string& msg) { lang::raise(lang::exc::RuntimeError, msg); }

// ------------------------------------------------------------ distributions ---

// uniform_real_distribution<float/double>(0, 1): the low 24 / 53 bits of one /
// two engine draws, scaled; exact, so the binary's x*1+0 contraction is moot.
float uniform_float(Generator& g) { return static_cast<float>(g.random() & 0xffffffu) * 0x1p-24f; }
double uniform_double(Generator& g) {
  return static_cast<double>(g.random64() & ((uint64_t{1} << 53) - 1)) * 0x1p-53;
}

// normal_distribution<double>(mean, std): Box-Muller on two uniforms; the sine
// half of the pair is cached for the next call. 2.14's binary fuses the final
// val * std + mean.
double normal_double(Generator& g, double mean, double std) {
  if (g.next_double_normal_sample) {
    double cached = *g.next_double_normal_sample;
    g.next_double_normal_sample.reset();
    return std::fma(cached, std, mean);
  }
  double u1 = uniform_double(g);
  double u2 = uniform_double(g);
  double r = std::sqrt(-2.0 * std::log1p(-u2));
  double theta = 2.0 * std::numbers::pi * u1;
  g.next_double_normal_sample = r * std::sin(theta);
  return std::fma(r * std::cos(theta), std, mean);
}

// ---------------------------------------------------------------- uniform ---

template <class T> void uniform_kernel(const Tensor& t, double from_d, double to_d, Generator& g) {
  if constexpr (std::is_same_v<T, double>) {
    // The binary fuses x * (to - from) + from, then maps a result equal to
    // `to` (possible after rounding) onto `from` to keep [from, to).
    double span = to_d - from_d;
    serial_fill<double>(t, [&] {
      double v = std::fma(uniform_double(g), span, from_d);
      return v == to_d ? from_d : v;
    });
  } else {
    // float, half and bfloat16 all draw a float (24 bits) in [from, to) and
    // round it to T; a value that rounds to `to` becomes `from`.
    float from = static_cast<float>(from_d), to = static_cast<float>(to_d);
    float span = to - from;
    T to_t = T(to), from_t = T(from);
    serial_fill<T>(t, [&] {
      T v = T(std::fma(uniform_float(g), span, from));
      return static_cast<float>(v) == static_cast<float>(to_t) ? from_t : v;
    });
  }
}

} // namespace

void fill_uniform(const Tensor& t, double from, double to, Generator& g) {
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (!is_float_v<T>) {
      not_implemented("check_uniform_bounds", t.dtype());
    } else {
      // uniform_impl_'s checks, then its clamp of the bounds to T's range.
      double min = lowest_v<T>(), max = max_v<T>();
      std::string name(type_meta_name(t.dtype()));
      if (!(from >= min && from <= max)) runtime_error("from is out of bounds for " + name);
      if (!(to >= min && to <= max)) runtime_error("to is out of bounds for " + name);
      if (!(from <= to))
        runtime_error("uniform_ expects to return a [from, to) range, but found from=" + fmt(from) +
                      " > to=" + fmt(to));
      if (!(to - from <= max))
        runtime_error("uniform_ expects to-from <= std::numeric_limits<" +
                      std::string(scalar_type_name(t.dtype())) + ">::max(), but found to=" + fmt(to) +
                      " and from=" + fmt(from) + " which result in to-from to exceed the limit");
      from = std::min(std::max(from, min), max);
      to = std::max(std::min(to, max), min);
      if (t.numel() == 0) return;
      uniform_kernel<T>(t, from, to, g);
    }
  });
}

// ----------------------------------------------------------------- normal ---

namespace {

// avx_mathfun.h's log256_ps and sincos256_ps (Cephes single-precision
// polynomials) one lane at a time, with the fused multiply-adds exactly where
// GCC put them in 2.14's normal_fill_16_AVX2.
namespace avx2 {

constexpr float f(double v) { return static_cast<float>(v); } // _PS256_CONST rounds doubles
constexpr float kSqrtHalf = f(0.707106781186547524);
constexpr float kLogP[9] = {f(7.0376836292E-2),  f(-1.1514610310E-1), f(1.1676998740E-1),
                            f(-1.2420140846E-1), f(1.4249322787E-1),  f(-1.6668057665E-1),
                            f(2.0000714765E-1),  f(-2.4999993993E-1), f(3.3333331174E-1)};
constexpr float kLogQ1 = f(-2.12194440e-4);
constexpr float kLogQ2 = f(0.693359375);
constexpr float kMinusDP1 = f(-0.78515625);
constexpr float kMinusDP2 = f(-2.4187564849853515625e-4);
constexpr float kMinusDP3 = f(-3.77489497744594108e-8);
constexpr float kSinP[3] = {f(-1.9515295891E-4), f(8.3321608736E-3), f(-1.6666654611E-1)};
constexpr float kCosP[3] = {f(2.443315711809948E-005), f(-1.388731625493765E-003),
                            f(4.166664568298827E-002)};
constexpr float kFourOverPi = f(1.27323954473516);
constexpr float kTwoPi = f(2.0f * std::numbers::pi); // _mm256_set1_ps(2.0f * c10::pi<double>)
// The constants as the binary holds them.
static_assert(std::bit_cast<uint32_t>(kLogP[0]) == 0x3d9021bbu);
static_assert(std::bit_cast<uint32_t>(kLogQ1) == 0xb95e8083u);
static_assert(std::bit_cast<uint32_t>(kMinusDP3) == 0xb3222169u);
static_assert(std::bit_cast<uint32_t>(kCosP[0]) == 0x37ccf5ceu);
static_assert(std::bit_cast<uint32_t>(kFourOverPi) == 0x3fa2f983u);
static_assert(std::bit_cast<uint32_t>(kTwoPi) == 0x40c90fdbu);

uint32_t bits(float x) { return std::bit_cast<uint32_t>(x); }
float from_bits(uint32_t b) { return std::bit_cast<float>(b); }

float log_lane(float x) {
  bool invalid = x <= 0.0f; // becomes NaN at the end
  x = x > 0x1p-126f ? x : 0x1p-126f; // vmaxps against the smallest normal
  int32_t e_int = static_cast<int32_t>(bits(x) >> 23) - 127;
  x = from_bits((bits(x) & ~0x7f800000u) | bits(0.5f)); // mantissa in [0.5, 1)
  float e = static_cast<float>(e_int) + 1.0f;
  bool below = x < kSqrtHalf; // then e -= 1, x = x + x - 1
  float tmp = below ? x : 0.0f;
  e = e - (below ? 1.0f : 0.0f);
  x = x + -1.0f;
  x = x + tmp;
  float z = x * x;
  float y = std::fma(kLogP[0], x, kLogP[1]);
  for (int i = 2; i <= 8; ++i) y = std::fma(y, x, kLogP[i]);
  y = y * x;
  y = std::fma(y, z, e * kLogQ1);
  y = std::fma(-z, 0.5f, y);
  x = x + y;
  x = std::fma(e, kLogQ2, x);
  return invalid ? from_bits(bits(x) | 0xffffffffu) : x;
}

void sincos_lane(float x, float* s, float* c) {
  uint32_t sign_sin = bits(x) & 0x80000000u;
  float ax = from_bits(bits(x) & 0x7fffffffu);
  int32_t j = static_cast<int32_t>(ax * kFourOverPi); // cvttps2dq truncates
  j = (j + 1) & ~1;
  float y = static_cast<float>(j);
  uint32_t swap_sign_sin = static_cast<uint32_t>(j & 4) << 29;
  bool sin_poly = (j & 2) == 0; // the polynomial that gives the sine
  float xr = std::fma(kMinusDP1, y, ax);
  xr = std::fma(kMinusDP2, y, xr);
  xr = std::fma(y, kMinusDP3, xr);
  uint32_t sign_cos = static_cast<uint32_t>(~(j - 2) & 4) << 29;
  sign_sin ^= swap_sign_sin;
  float z = xr * xr;
  float half_z = z * 0.5f;
  float yc = std::fma(kCosP[0], z, kCosP[1]);
  yc = std::fma(yc, z, kCosP[2]);
  yc = yc * z;
  yc = std::fma(z, yc, -half_z);
  yc = yc + 1.0f;
  float ys = std::fma(kSinP[0], z, kSinP[1]);
  ys = std::fma(ys, z, kSinP[2]);
  ys = ys * z;
  ys = std::fma(xr, ys, xr);
  // The masked selects, as and/andnot/sub/add (so signed zeros come out alike).
  float ysin2 = sin_poly ? ys : 0.0f;
  float ysin1 = sin_poly ? 0.0f : yc;
  float yc_rest = yc - ysin1;
  float ys_rest = ys - ysin2;
  *s = from_bits(bits(ysin2 + ysin1) ^ sign_sin);
  *c = from_bits(bits(ys_rest + yc_rest) ^ sign_cos);
}

// normal_fill_16_AVX2: Box-Muller over the pairs (j, j + 8) of 16 uniforms, in place.
void normal_fill_16(float* data, float mean, float std) {
  for (int j = 0; j < 8; ++j) {
    float u1 = 1.0f - data[j]; // [0, 1) -> (0, 1] for log
    float radius = std::sqrt(log_lane(u1) * -2.0f);
    float s, c;
    sincos_lane(kTwoPi * data[j + 8], &s, &c);
    data[j] = std::fma(radius * c, std, mean);
    data[j + 8] = std::fma(radius * s, std, mean);
  }
}

} // namespace avx2

// normal_fill<double>: scalar Box-Muller with libm, same blocking as above.
void normal_fill_16_double(double* data, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    double u1 = 1 - data[j];
    double u2 = data[j + 8];
    double radius = std::sqrt(std::log(u1) * -2.0);
    double theta = 2.0 * std::numbers::pi * u2;
    data[j] = std::fma(radius * std::cos(theta), std, mean);
    data[j + 8] = std::fma(radius * std::sin(theta), std, mean);
  }
}

// normal_fill for a contiguous tensor of n >= 16 elements: n uniforms, then
// Box-Muller in blocks of 16; a partial last block is redrawn as the last 16
// elements (16 fresh uniforms) and transformed again.
template <class T, class U, class Fill16>
void normal_fill(T* data, int64_t n, U (*uniform)(Generator&), Fill16 fill16, Generator& g) {
  for (int64_t i = 0; i < n; ++i) data[i] = uniform(g);
  for (int64_t i = 0; i + 16 <= n; i += 16) fill16(data + i);
  if (n % 16 != 0) {
    T* tail = data + n - 16;
    for (int i = 0; i < 16; ++i) tail[i] = uniform(g);
    fill16(tail);
  }
}

// 2.14's half/bfloat16 path: each block of 16 draws float uniforms into a
// float buffer, runs the AVX2 Box-Muller and rounds to T; a partial last
// block draws 16 more and overwrites the last 16 elements. (Unlike the float
// path, the uniforms of a partial block are never drawn twice.)
template <class T> void normal_fill_reduced(T* data, int64_t n, float mean, float std, Generator& g) {
  float buf[16];
  auto block = [&](T* out) {
    for (float& v : buf) v = uniform_float(g);
    avx2::normal_fill_16(buf, mean, std);
    for (int i = 0; i < 16; ++i) out[i] = T(buf[i]);
  };
  for (int64_t i = 0; i + 16 <= n; i += 16) block(data + i);
  if (n % 16 != 0) block(data + n - 16);
}

} // namespace

void fill_normal(const Tensor& t, double mean, double std, Generator& g) {
  if (!(std >= 0.0)) runtime_error("normal expects std >= 0.0, but found std " + fmt(std));
  int64_t n = t.numel();
  if (n == 0) return;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (!is_float_v<T>) {
      not_implemented("normal_kernel_cpu", t.dtype());
    } else {
      T* data = t.data<T>();
      if (n >= 16 && t.is_contiguous()) {
        float mean_f = static_cast<float>(mean), std_f = static_cast<float>(std);
        if constexpr (std::is_same_v<T, float>) {
          normal_fill(data, n, uniform_float, [&](float* d) { avx2::normal_fill_16(d, mean_f, std_f); }, g);
        } else if constexpr (std::is_same_v<T, double>) {
          normal_fill(data, n, uniform_double, [&](double* d) { normal_fill_16_double(d, mean, std); }, g);
        } else {
          normal_fill_reduced(data, n, mean_f, std_f, g);
        }
      } else {
        // Small or strided: one normal_distribution<double> sample per element.
        serial_fill<T>(t, [&] { return static_cast<T>(normal_double(g, mean, std)); });
      }
    }
  });
}

// ----------------------------------------------------------------- random ---

namespace {

// An int64 as T, the way static_cast<scalar_t>(int64_t) converts it (via
// float for half and bfloat16, which only construct from float).
template <class T> T from_int64(int64_t v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return T(static_cast<float>(v));
  else return static_cast<T>(v);
}

// A double as int64 the way x86's cvttsd2si converts it (what PyTorch's casts
// compile to): truncation, and INT64_MIN for NaN or values out of range.
int64_t to_int64_x86(double d) {
  if (!(d >= -0x1p63 && d < 0x1p63)) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

// static_cast<int64_t>(static_cast<scalar_t>(v)) for a floating T.
template <class T> int64_t round_trip(int64_t v) { return to_int64_x86(static_cast<double>(from_int64<T>(v))); }

// a + b with two's complement wrap-around, as PyTorch's int64 arithmetic behaves on x86.
int64_t wrapping_add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// floor(log2(|v|)), for |v| >= 1 (0 for 0); |INT64_MIN| taken as 2^63.
int log2_abs(int64_t v) {
  uint64_t m = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  int n = 0;
  while (m >>= 1) ++n;
  return n;
}

// update_from / update_to: move a bound that T cannot hold exactly inwards to
// the next value that casting can't push outside [from, to).
template <class T> int64_t update_from(int64_t from) {
  const int64_t from_plus_1 = round_trip<T>(wrapping_add(from, 1));
  if (from_plus_1 < from) {
    int n = log2_abs(wrapping_add(from, 1));
    from = wrapping_add(from_plus_1, int64_t{1} << std::max(n - digits_v<T> + 1, 0));
  }
  return from;
}

template <class T> int64_t update_to(int64_t to) {
  const int64_t to_minus_1 = round_trip<T>(wrapping_add(to, -1));
  if (to_minus_1 >= to) {
    int n = log2_abs(wrapping_add(to, -1));
    to = wrapping_add(to_minus_1, -(int64_t{1} << std::max(n - digits_v<T> + 1, 0)));
  }
  return to;
}

template <class T> int64_t int_lowest() {
  if constexpr (std::is_same_v<T, bool>) return 0;
  else return std::numeric_limits<T>::lowest();
}
template <class T> int64_t int_max() {
  if constexpr (std::is_same_v<T, bool>) return 1;
  else return std::numeric_limits<T>::max();
}

template <class T> void check_from_to_in_range(int64_t from, int64_t to_inc, DType dt) {
  std::string name(type_meta_name(dt));
  if constexpr (is_float_v<T>) {
    double min = lowest_v<T>(), max = max_v<T>();
    auto f = static_cast<double>(from), t = static_cast<double>(to_inc);
    if (!(f >= min && f <= max)) runtime_error("from is out of bounds for " + name);
    if (!(t >= min && t <= max)) runtime_error("to - 1 is out of bounds for " + name);
    // PyTorch also warns when a bound is beyond 2^digits; refc stays silent.
  } else {
    if (!(from >= int_lowest<T>() && from <= int_max<T>())) runtime_error("from is out of bounds for " + name);
    if (!(to_inc >= int_lowest<T>() && to_inc <= int_max<T>()))
      runtime_error("to - 1 is out of bounds for " + name);
  }
}

// uniform_int_from_to_distribution: (draw % range) + from. The 2.14 binary
// takes a 64-bit draw whenever range >= 2^28, for every dtype (its sources in
// the index still say range >= 2^32 and only for int64/double/float/bfloat16),
// which keeps the modulo bias small.
template <class T> void random_from_to_kernel(const Tensor& t, uint64_t range, int64_t base, Generator& g) {
  bool use64 = range >= (uint64_t{1} << 28);
  serial_fill<T>(t, [&] {
    uint64_t v = use64 ? g.random64() : g.random();
    return from_int64<T>(static_cast<int64_t>(v % range + static_cast<uint64_t>(base)));
  });
}

// uniform_int_distribution: random_() without bounds.
template <class T> T uniform_int(Generator& g) {
  if constexpr (std::is_same_v<T, bool>) {
    return static_cast<bool>(g.random() & 1);
  } else if constexpr (std::is_same_v<T, int64_t>) {
    return static_cast<int64_t>(g.random64() % (uint64_t{1} << 63));
  } else if constexpr (std::is_same_v<T, double>) {
    return static_cast<double>(g.random64() % ((uint64_t{1} << 53) + 1));
  } else if constexpr (is_float_v<T>) {
    return from_int64<T>(static_cast<int64_t>(g.random() % ((uint64_t{1} << digits_v<T>) + 1)));
  } else {
    return static_cast<T>(g.random() % (static_cast<uint64_t>(std::numeric_limits<T>::max()) + 1));
  }
}

} // namespace

void fill_random(const Tensor& t, int64_t from, std::optional<int64_t> to, Generator& g) {
  DType dt = t.dtype();
  visit_dtype(dt, [&]<class T>() {
    if (to) {
      // [from, to)
      int64_t to_v = *to;
      if (!(from < to_v))
        runtime_error("random_ expects 'from' to be less than 'to', but got from=" + std::to_string(from) +
                      " >= to=" + std::to_string(to_v));
      if constexpr (is_float_v<T>) {
        from = update_from<T>(from);
        to_v = update_to<T>(to_v);
        if (!(from < to_v))
          runtime_error("random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=" +
                        std::to_string(from) + " >= to=" + std::to_string(to_v));
      }
      check_from_to_in_range<T>(from, to_v - 1, dt);
      if (t.numel() == 0) return;
      uint64_t range = static_cast<uint64_t>(to_v) - static_cast<uint64_t>(from);
      random_from_to_kernel<T>(t, range, from, g);
    } else if (from != std::numeric_limits<int64_t>::lowest()) {
      // [from, largest value of T]
      int64_t to_inc = 0;
      if constexpr (is_float_v<T>) {
        to_inc = int64_t{1} << digits_v<T>;
        from = update_from<T>(from);
        if (!(from < to_inc))
          runtime_error(
              "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but got from=" +
              std::to_string(from) + " > to_inc=" + std::to_string(to_inc));
      } else {
        to_inc = int_max<T>();
      }
      check_from_to_in_range<T>(from, to_inc, dt);
      if (t.numel() == 0) return;
      uint64_t range = static_cast<uint64_t>(to_inc) - static_cast<uint64_t>(from) + 1;
      random_from_to_kernel<T>(t, range, from, g);
    } else {
      // The whole int64 range: one 64-bit draw per element.
      if (t.numel() == 0) return;
      if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, bool>) {
        not_implemented("random_full_64_bits_range_kernel_cpu", dt);
      } else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double> ||
                           std::is_same_v<T, float> || std::is_same_v<T, BFloat16>) {
        serial_fill<T>(t, [&] { return from_int64<T>(static_cast<int64_t>(g.random64())); });
      } else {
        runtime_error("random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
      }
    }
  });
}

void fill_random(const Tensor& t, Generator& g) {
  if (t.numel() == 0) return;
  visit_dtype(t.dtype(), [&]<class T>() { serial_fill<T>(t, [&] { return uniform_int<T>(g); }); });
}

// -------------------------------------------------------------- bernoulli ---

void fill_bernoulli(const Tensor& t, double p, Generator& g) {
  if (!(0 <= p && p <= 1)) runtime_error("bernoulli_ expects p to be in [0, 1], but got p=" + fmt(p));
  if (t.numel() == 0) return;
  // bernoulli_distribution<double>: a 53-bit uniform compared with p.
  visit_dtype(t.dtype(), [&]<class T>() {
    serial_fill<T>(t, [&] { return static_cast<T>(uniform_double(g) < p ? 1.0f : 0.0f); });
  });
}

void fill_bernoulli(const Tensor& t, const Tensor& p, Generator& g) {
  if (t.numel() == 0) return;
  // expand_inplace(self, p): p's dimensions line up with t's trailing ones;
  // a broadcast dimension reads p with stride 0.
  IntArrayRef sizes = t.sizes(), p_sizes = p.sizes();
  size_t nd = sizes.size(), pd = p_sizes.size();
  auto list = [](IntArrayRef v) {
    std::string s = "[";
    for (size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + std::to_string(v[k]);
    return s + "]";
  };
  if (pd > nd)
    runtime_error("expand(" + std::string(legacy_type_name(p.dtype())) + "{" + list(p_sizes) + "}, size=" +
                  list(sizes) + "): the number of sizes provided (" + std::to_string(nd) +
                  ") must be greater or equal to the number of dimensions in the tensor (" + std::to_string(pd) +
                  ")");
  std::vector<int64_t> p_strides(nd, 0);
  for (size_t i = 0; i < pd; ++i) {
    size_t d = nd - pd + i;
    if (p_sizes[i] == sizes[d]) p_strides[d] = p.strides()[i];
    else if (p_sizes[i] != 1)
      runtime_error("The expanded size of the tensor (" + std::to_string(sizes[d]) +
                    ") must match the existing size (" + std::to_string(p_sizes[i]) +
                    ") at non-singleton dimension " + std::to_string(d) + ".  Target sizes: " + list(sizes) +
                    ".  Tensor sizes: " + list(p_sizes));
  }
  visit_dtype(p.dtype(), [&]<class P>() {
    if constexpr (!is_float_v<P>) {
      not_implemented("bernoulli_tensor_cpu_p_", p.dtype());
    } else {
      visit_dtype(t.dtype(), [&]<class T>() {
        T* out = t.data<T>();
        const P* prob = p.data<P>();
        for_each_element(sizes, t.strides(), p_strides, [&](int64_t o, int64_t i) {
          // bernoulli_distribution's constructor check, element by element.
          if (!(prob[i] >= P(0) && prob[i] <= P(1)))
            runtime_error("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
                          "message be improved?  If so, please report an enhancement request to PyTorch.)");
          bool one;
          if constexpr (std::is_same_v<P, double>) {
            // bernoulli_distribution<double>
            one = uniform_double(g) < prob[i];
          } else {
            // bernoulli_distribution<float>: a 24-bit uniform against p as float.
            one = uniform_float(g) < static_cast<float>(prob[i]);
          }
          out[o] = static_cast<T>(one ? 1.0f : 0.0f);
        });
      });
    }
  });
}

// ------------------------------------------------------------ exponential ---

void fill_exponential(const Tensor& t, double lambd, Generator& g) {
  if (!(lambd > 0.0)) runtime_error("exponential_ expects lambda > 0.0, but found lambda=" + fmt(lambd));
  if (t.numel() == 0) return;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (!is_float_v<T>) {
      runtime_error("Exponential distribution is a continuous probability distribution. dtype must be a "
                    "floating point but you specified " +
                    std::string(scalar_type_name(t.dtype())));
    } else {
      // exponential_distribution<double>: -1/lambda * log1p(-u), u in [0, 1).
      double scale = -1.0 / lambd;
      serial_fill<T>(t, [&] { return static_cast<T>(scale * std::log1p(-uniform_double(g))); });
    }
  });
}

// --------------------------------------------------------------- randperm ---

void fill_randperm(const Tensor& t, int64_t n, Generator& g) {
  REFC_CHECK(t.dim() == 1 && t.numel() == n, "fill_randperm: t must be 1-d with n elements");
  DType dt = t.dtype();
  // check_supported_max_int_with_precision: n - 1 must fit, and be exact in floats.
  int64_t top = n > 0 ? n - 1 : n;
  auto too_big = [&](int64_t max, const char* name) {
    if (top > max)
      runtime_error(std::string("value cannot be converted to type ") + name + " without overflow");
  };
  switch (dt) {
  case DType::UInt8: too_big(255, "uint8_t"); break;
  case DType::Int8: too_big(127, "int8_t"); break;
  case DType::Int16: too_big(32767, "int16_t"); break;
  case DType::Int32: too_big(2147483647, "int"); break;
  case DType::Float16:
    if (n > 2049) runtime_error("n cannot be greater than 2049 for Half type.");
    break;
  case DType::Float32:
    if (n > (int64_t{1} << 24) + 1) runtime_error("n cannot be greater than 2^24+1 for Float type.");
    break;
  case DType::Float64:
    if (n > (int64_t{1} << 53) + 1) runtime_error("n cannot be greater than 2^53+1 for Double type.");
    break;
  default: break;
  }
  visit_dtype(dt, [&]<class T>() {
    if constexpr (std::is_same_v<T, bool>) {
      not_implemented("randperm", dt);
    } else {
      T* r = t.data<T>();
      int64_t s = t.stride(0);
      if (n < static_cast<int64_t>(std::numeric_limits<uint32_t>::max() / 20)) {
        // Small n: swap each position with a later one chosen by random() % (n - i).
        for (int64_t i = 0; i < n; ++i) r[i * s] = from_int64<T>(i);
        for (int64_t i = 0; i < n - 1; ++i) {
          int64_t z = static_cast<int64_t>(g.random() % static_cast<uint64_t>(n - i));
          std::swap(r[i * s], r[(z + i) * s]);
        }
      } else {
        // Large n: the "inside-out" Fisher-Yates with 64-bit draws.
        for (int64_t i = 0; i < n; ++i) {
          int64_t z = static_cast<int64_t>(g.random64() % static_cast<uint64_t>(i + 1));
          r[i * s] = from_int64<T>(i);
          r[i * s] = r[z * s];
          r[z * s] = from_int64<T>(i);
        }
      }
    }
  });
}

} // namespace refc::tensor
