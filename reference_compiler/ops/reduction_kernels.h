// The machinery reductions share: output geometry (reduced dims dropped, or
// kept as size 1 with keepdim) and ATen's CPU reduction loops, ported so that
// results come out bit-identical to PyTorch's on an AVX2 machine:
// - ReductionIter is the iteration space TensorIterator builds for a
//   reduction: the input's dims, the output's strides (0 on reduced dims),
//   reordered (reduced dims first, then by stride) and coalesced, walked in
//   2-D blocks exactly as TensorIterator::serial_for_each walks them;
// - parallel_reduce replays, serially, how PyTorch splits a reduction to a
//   single element over its intra-op threads (two_pass_reduction): the split
//   changes the order floating-point partial sums are added in;
// - cascade_sum is SumKernel.cpp's pairwise summation (4-level cascade, 4-way
//   ILP, 8-lane float vectors), reduce_vec is binary_kernel_reduce_vec (4
//   vector accumulators), reduce_elements is binary_kernel_reduce (one
//   accumulator per output, visited in iteration order).
// Vectorized<T> of AVX2 holds 32 bytes; the vectors and lane arrays below
// mirror it so the order of operations is the same.
#pragma once

#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/ops/shape_checks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

namespace refc::ops {

// The dims to reduce as a bitmask: all dims when `dims` is empty or absent.
uint64_t reduction_mask(int64_t ndim, const std::optional<tensor::IntVector>& dims);
// Output sizes of reducing `mask` (size 1 in place when keepdim).
tensor::SymIntVector reduced_sizes(const Tensor& self, uint64_t mask, bool keepdim);
TensorSpec reduction_spec(const Tensor& self, uint64_t mask, bool keepdim, DType dtype);
// Number of elements each output element reduces.
int64_t reduced_count(const Tensor& self, uint64_t mask);

// `t` as `dtype`, keeping a dense layout (Tensor.to(dtype)): ATen converts a
// reduction's input this way, and the layout decides the iteration order.
Tensor as_dtype(const Tensor& t, DType dtype);

// PyTorch's at::internal::GRAIN_SIZE and intra-op thread count.
constexpr int64_t kGrainSize = 32768;
int64_t intraop_threads();

struct ReductionIter {
  tensor::IntVector shape;                  // fastest dim first, coalesced
  tensor::IntVector out_strides, in_strides; // bytes
  char* out = nullptr;
  char* in = nullptr;
  int64_t out_itemsize = 1, in_itemsize = 1;
  int64_t out_numel = 1;

  int64_t ndim() const { return static_cast<int64_t>(shape.size()); }
  int64_t numel() const;
  int64_t num_reduce_dims() const; // dims the output does not move along
};

// The iteration of reducing `in` (already in the compute dtype) over `mask`
// into `out` (the op's output, of the reduced shape).
ReductionIter make_reduction_iter(const Tensor& out, const Tensor& in, uint64_t mask, bool keepdim);

// ---- walking the iteration space ----------------------------------------------------

// loop(data, strides, size0, size1) with data = {out, in} and strides =
// {out0, in0, out1, in1} over the linear range [begin, end), in 2-D blocks as
// TensorIterator::serial_for_each (DimCounter) cuts them.
template <class Loop>
void for_each_block(const ReductionIter& it, char* out, char* in, int64_t begin, int64_t end, Loop&& loop) {
  const int64_t nd = it.ndim();
  int64_t strides[4] = {nd > 0 ? it.out_strides[0] : 0, nd > 0 ? it.in_strides[0] : 0,
                        nd > 1 ? it.out_strides[1] : 0, nd > 1 ? it.in_strides[1] : 0};
  if (nd <= 1) {
    char* data[2] = {out + begin * strides[0], in + begin * strides[1]};
    loop(data, strides, end - begin, int64_t{1});
    return;
  }
  tensor::IntVector values(static_cast<size_t>(nd), 0);
  int64_t rest = begin;
  for (int64_t d = 0; d < nd; ++d) {
    values[d] = rest % it.shape[d];
    rest /= it.shape[d];
  }
  for (int64_t offset = begin; offset < end;) {
    char* data[2] = {out, in};
    for (int64_t d = 0; d < nd; ++d) {
      data[0] += values[d] * it.out_strides[d];
      data[1] += values[d] * it.in_strides[d];
    }
    int64_t step0 = std::min(it.shape[0] - values[0], end - offset), step1 = 1;
    if (step0 == it.shape[0]) step1 = std::min(it.shape[1] - values[1], (end - offset) / it.shape[0]);
    loop(data, strides, step0, step1);
    offset += step0 * step1;
    int64_t overflow = step0;
    int64_t d = 0;
    if (step1 != 1) {
      d = 1;
      overflow = step1;
    }
    for (; d < nd && overflow > 0; ++d) {
      int64_t v = values[d] + overflow;
      overflow = v >= it.shape[d] ? 1 : 0;
      values[d] = v >= it.shape[d] ? v - it.shape[d] : v;
    }
  }
}

// TensorIterator::parallel_reduce for a loop that accumulates into the
// (initialised) output, replaying how PyTorch splits at least kGrainSize
// inputs between its threads, since the split changes which loop each
// element goes through:
// - a reduction to one element (two_pass_reduction) cuts the input into one
//   chunk per thread, each accumulated into its own copy of the output's
//   initial value, and reduces the copies into the output with the same loop;
// - otherwise (parallel_dim_reduction) each thread takes a range of one kept
//   dim (rounded to 128 bytes when that dim is contiguous in the input).
template <class T, class Loop> void parallel_reduce(const ReductionIter& it, Loop&& loop) {
  const int64_t numel = it.numel();
  const int64_t threads = intraop_threads();
  if (numel < kGrainSize || threads == 1) {
    for_each_block(it, it.out, it.in, 0, numel, loop);
    return;
  }
  if (it.out_numel != 1) {
    // find_split_dim: the outermost kept dim with at least one column per thread.
    int64_t dim = it.ndim() - 1;
    for (int64_t d = it.ndim() - 1; d >= 0 && it.out_strides[d] != 0; --d) {
      if (it.shape[d] >= threads) {
        dim = d;
        break;
      }
      if (it.shape[d] > it.shape[dim]) dim = d;
    }
    const int64_t cols = it.shape[dim];
    const int64_t multiple = it.in_strides[dim] == it.in_itemsize ? 128 / it.in_itemsize : 1;
    const int64_t parts = std::min(threads, cols), chunk = (cols + parts - 1) / parts;
    for (int64_t begin = 0; begin < cols; begin += chunk) {
      int64_t lo = begin - begin % multiple, hi = std::min(cols, begin + chunk);
      if (hi != cols) hi -= hi % multiple;
      if (lo == hi) continue;
      ReductionIter sub = it;
      sub.shape[dim] = hi - lo;
      for_each_block(sub, it.out + lo * it.out_strides[dim], it.in + lo * it.in_strides[dim], 0, sub.numel(), loop);
    }
    return;
  }
  std::unique_ptr<T[]> buffer(new T[static_cast<size_t>(threads)]);
  std::fill_n(buffer.get(), threads, *reinterpret_cast<T*>(it.out));
  const int64_t chunks = std::min(threads, (numel + kGrainSize - 1) / kGrainSize);
  const int64_t chunk = (numel + chunks - 1) / chunks;
  for (int64_t t = 0; t < chunks && t * chunk < numel; ++t)
    for_each_block(it, reinterpret_cast<char*>(&buffer[t]), it.in, t * chunk, std::min(numel, (t + 1) * chunk), loop);
  char* data[2] = {it.out, reinterpret_cast<char*>(buffer.get())};
  int64_t strides[4] = {0, static_cast<int64_t>(sizeof(T)), 0, 0};
  loop(data, strides, threads, int64_t{1});
}

// The hot kernels run compiled for AVX2 + FMA, the capability PyTorch's CPU
// kernels use on this machine, when the CPU has it: `f` and everything it
// calls is inlined into a function built for it, with loops vectorised by
// cost (-O2 alone only vectorises loops of a known trip count). Contraction
// of a * b + c into one fused multiply-add stays off, so each kernel fuses
// exactly where it calls fmadd and results do not depend on the dispatch.
inline bool cpu_has_avx2_fma() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}
template <class F>
[[gnu::target("avx2,fma"), gnu::optimize("fp-contract=off", "vect-cost-model=dynamic"), gnu::flatten]] void
run_avx2_fma(const F& f) {
  f();
}
template <class F> void with_avx2(const F& f) {
  if (cpu_has_avx2_fma()) run_avx2_fma(f);
  else f();
}

// a * b + c rounded once. ATen's kernels compute it where they call
// vec::fmadd / std::fma, and where GCC contracts a product into the addition
// that uses it, which it does in PyTorch's AVX2 build except for FMA chains:
// in a loop whose first contractible product is added to a loop-carried
// accumulator, that accumulation stays unfused (generic tuning avoids FMA
// chains), while later products in the same loop body are still fused. Of
// operands of Vectorized operators, GCC evaluates the right one first, which
// decides the product fused in a * b + c * d. The kernels here build with
// contraction off and call fmadd exactly where PyTorch's build fuses.
template <class A> inline A fmadd(A a, A b, A c) { return std::fma(a, b, c); }

template <class T> inline T load(const char* p) { return *reinterpret_cast<const T*>(p); }
template <class T> inline void store(char* p, T v) { *reinterpret_cast<T*>(p) = v; }

// Elements in one AVX2 Vectorized<T>.
template <class T> constexpr int64_t kLanes = static_cast<int64_t>(32 / sizeof(T));

template <class T>
constexpr bool kReducedFloat = std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>;

// at::parallel_for's split of [0, n) between the intra-op threads, run in
// order: f(begin, end, thread). Kernels whose partial results depend on the
// split (per-thread buffers, vector versus scalar tails) replay it.
template <class F> void parallel_ranges(int64_t n, int64_t grain, F f) {
  const int64_t threads = intraop_threads();
  if (n <= grain || n <= 1 || threads == 1) {
    f(int64_t{0}, n, int64_t{0});
    return;
  }
  const int64_t chunks = grain > 0 ? std::min(threads, (n + grain - 1) / grain) : threads;
  const int64_t chunk = (n + chunks - 1) / chunks;
  for (int64_t begin = 0, t = 0; begin < n; begin += chunk, ++t) f(begin, std::min(n, begin + chunk), t);
}

// ---- vec::map_reduce_all (functional_base.h) ----------------------------------------------

// vec_reduce_all: the lanes of an accumulator folded into one value (AVX2
// float folds halves, then pairs, then neighbours; other types lane by lane).
template <class A, class Op> A fold_lanes(std::array<A, kLanes<A>> v, Op op) {
  if constexpr (std::is_same_v<A, float>) {
    for (int64_t step : {4, 2, 1}) {
      std::array<A, kLanes<A>> w = v;
      for (int64_t i = 0; i < kLanes<A>; ++i) w[i] = op(v[i], v[i ^ step]);
      v = w;
    }
    return v[0];
  } else {
    for (int64_t i = 1; i < kLanes<A>; ++i) v[0] = op(v[0], v[i]);
    return v[0];
  }
}

// red over map(i), i in [0, n), in Vectorized<A> lanes: the first vector
// seeds the accumulator, full vectors fold in with `red`, the partial last
// vector through tail(acc, i) (a product added there is fused, unlike in the
// loop: see fmadd), and rows shorter than a vector fold lane by lane (an
// empty row gives 0).
template <class A, class Map, class Red, class Tail> A map_reduce_all(int64_t n, Map map, Red red, Tail tail) {
  constexpr int64_t L = kLanes<A>;
  if (n == 0) return A(0);
  if (n < L) {
    A acc = map(0);
    for (int64_t i = 1; i < n; ++i) acc = red(acc, map(i));
    return acc;
  }
  std::array<A, L> acc;
  for (int64_t k = 0; k < L; ++k) acc[k] = map(k);
  int64_t d = L;
  for (; d < n - n % L; d += L)
    for (int64_t k = 0; k < L; ++k) acc[k] = red(acc[k], map(d + k));
  for (int64_t k = 0; d + k < n; ++k) acc[k] = tail(acc[k], d + k);
  return fold_lanes<A>(acc, red);
}
template <class A, class Map, class Red> A map_reduce_all(int64_t n, Map map, Red red) {
  return map_reduce_all<A>(n, map, red, [&](A acc, int64_t i) { return red(acc, map(i)); });
}

// ---- cascade_sum (SumKernel.cpp) ------------------------------------------------------

namespace cascade {

// Vectorized<A>: a 32-byte vector of A.
template <class A> struct VecOf {
  typedef A type __attribute__((vector_size(32)));
};
template <class A> using Vec = typename VecOf<A>::type;

// CastLoadPolicy: one element, converted to the accumulation type.
template <class T, class A> struct ScalarLoad {
  static constexpr int64_t memsize = sizeof(T);
  static void add_to(A& acc, const char* data, int64_t stride, int64_t index) {
    acc += static_cast<A>(ops::load<T>(data + index * stride));
  }
};

// InnerSumCastLoadPolicy: a full Vectorized<T>, folded to Vectorized<A>
// (16-bit floats: lane i is x[i] + x[8 + i]).
template <class T, class A> struct InnerVecLoad {
  static constexpr int64_t memsize = sizeof(T) * kLanes<T>;
  static void add_to(Vec<A>& acc, const char* data, int64_t stride, int64_t index) {
    const char* p = data + index * stride;
    Vec<A> v = {};
    if constexpr (kReducedFloat<T>) {
      const T* q = reinterpret_cast<const T*>(p);
      for (int64_t i = 0; i < kLanes<A>; ++i) v[i] = static_cast<float>(q[i]) + static_cast<float>(q[kLanes<A> + i]);
    } else {
      std::memcpy(&v, p, sizeof v);
    }
    acc += v;
  }
};

// OuterSumCastLoadPolicy: Vectorized<A>::size() elements, converted.
template <class T, class A> struct OuterVecLoad {
  static constexpr int64_t memsize = sizeof(T) * kLanes<A>;
  static void add_to(Vec<A>& acc, const char* data, int64_t stride, int64_t index) {
    const char* p = data + index * stride;
    Vec<A> v = {};
    if constexpr (std::is_same_v<T, A>) {
      std::memcpy(&v, p, sizeof v);
    } else {
      const T* q = reinterpret_cast<const T*>(p);
      for (int64_t i = 0; i < kLanes<A>; ++i) v[i] = static_cast<A>(q[i]);
    }
    acc += v;
  }
};

// CastStoreAccumulate: out += value in the output type (a 16-bit output
// rounds the value first, as c10::Half's operator+= does).
template <class T, class A> inline void store_add(char* data, int64_t stride, int64_t index, A value) {
  T* p = reinterpret_cast<T*>(data + index * stride);
  if constexpr (kReducedFloat<T>) *p = T(static_cast<float>(*p) + static_cast<float>(T(value)));
  else *p += value;
}
template <class T, class A> inline void store_add(char* data, int64_t stride, int64_t index, const Vec<A>& values) {
  char* base = data + stride * index;
  for (int64_t k = 0; k < kLanes<A>; ++k) store_add<T>(base, stride, k, values[k]);
}

inline int64_t ceil_log2(int64_t x) { return x <= 2 ? 1 : 64 - __builtin_clzll(static_cast<uint64_t>(x - 1)); }

// Sums `nrows` interleaved rows at once in a 4-level cascade (see
// SumKernel.cpp) into out[0, nrows). The loops over rows and levels are
// unrolled so the accumulators live in registers.
template <class Acc, int64_t nrows, class Load>
void multi_row_sum(Acc* out, const char* in, int64_t row_stride, int64_t col_stride, int64_t size) {
  constexpr int64_t num_levels = 4;
  const int64_t level_power = std::max(int64_t{4}, ceil_log2(size) / num_levels);
  const int64_t level_step = int64_t{1} << level_power;
  const int64_t level_mask = level_step - 1;
  Acc acc[num_levels][nrows] = {};
  int64_t i = 0;
  while (i + level_step <= size) {
    for (int64_t j = 0; j < level_step; ++j, ++i) {
      const char* base = in + i * row_stride;
#pragma GCC unroll 4
      for (int64_t k = 0; k < nrows; ++k) Load::add_to(acc[0][k], base, col_stride, k);
    }
#pragma GCC unroll 4
    for (int64_t j = 1; j < num_levels; ++j) {
#pragma GCC unroll 4
      for (int64_t k = 0; k < nrows; ++k) {
        acc[j][k] += acc[j - 1][k];
        acc[j - 1][k] = Acc{};
      }
      if ((i & (level_mask << (j * level_power))) != 0) break;
    }
  }
  for (; i < size; ++i) {
    const char* base = in + i * row_stride;
#pragma GCC unroll 4
    for (int64_t k = 0; k < nrows; ++k) Load::add_to(acc[0][k], base, col_stride, k);
  }
#pragma GCC unroll 4
  for (int64_t j = 1; j < num_levels; ++j)
#pragma GCC unroll 4
    for (int64_t k = 0; k < nrows; ++k) acc[0][k] += acc[j][k];
#pragma GCC unroll 4
  for (int64_t k = 0; k < nrows; ++k) out[k] = acc[0][k];
}

// One row, read as a (-1, 4) array for instruction-level parallelism, into `out`.
template <class Acc, class Load> void row_sum(Acc& out, const char* in, int64_t stride, int64_t size) {
  const int64_t size_ilp = size / 4;
  Acc partial[4];
  multi_row_sum<Acc, 4, Load>(partial, in, stride * 4, stride, size_ilp);
  for (int64_t i = size_ilp * 4; i < size; ++i) Load::add_to(partial[0], in, stride, i);
  for (int64_t k = 1; k < 4; ++k) partial[0] += partial[k];
  out = partial[0];
}

template <class T, class A>
void vectorized_inner_sum(char** data, int64_t outer_stride, int64_t out_stride, int64_t size0, int64_t size1) {
  constexpr int64_t vec_stride = InnerVecLoad<T, A>::memsize;
  constexpr int64_t vec_numel = kLanes<T>;
  const int64_t vec_size = size0 / vec_numel;
  for (int64_t j = 0; j < size1; ++j) {
    const char* row = data[1] + j * outer_stride;
    Vec<A> vec_acc;
    row_sum<Vec<A>, InnerVecLoad<T, A>>(vec_acc, row, vec_stride, vec_size);
    A final_acc = 0;
    for (int64_t k = vec_size * vec_numel; k < size0; ++k) ScalarLoad<T, A>::add_to(final_acc, row, sizeof(T), k);
    for (int64_t k = 0; k < kLanes<A>; ++k) final_acc += vec_acc[k];
    store_add<T>(data[0], out_stride, j, final_acc);
  }
}

template <class T, class A>
void vectorized_outer_sum(char** data, int64_t inner_stride, int64_t out_stride, int64_t size0, int64_t size1) {
  constexpr int64_t lanes = kLanes<A>;
  constexpr int64_t vec_stride = OuterVecLoad<T, A>::memsize;
  int64_t j = 0;
  for (; j + 4 * lanes <= size1; j += 4 * lanes) {
    Vec<A> sums[4];
    multi_row_sum<Vec<A>, 4, OuterVecLoad<T, A>>(sums, data[1] + j * sizeof(T), inner_stride, vec_stride, size0);
    for (int64_t i = 0; i < 4; ++i) store_add<T, A>(data[0], out_stride, j + i * lanes, sums[i]);
  }
  for (; j + lanes <= size1; j += lanes) {
    Vec<A> sum;
    row_sum<Vec<A>, OuterVecLoad<T, A>>(sum, data[1] + j * sizeof(T), inner_stride, size0);
    store_add<T, A>(data[0], out_stride, j, sum);
  }
  for (; j < size1; ++j) {
    A sum;
    row_sum<A, ScalarLoad<T, A>>(sum, data[1] + j * sizeof(T), inner_stride, size0);
    store_add<T>(data[0], out_stride, j, sum);
  }
}

template <class T, class A>
void scalar_inner_sum(char** data, const int64_t* in_strides, int64_t out_stride, int64_t size0, int64_t size1) {
  for (int64_t j = 0; j < size1; ++j) {
    A sum;
    row_sum<A, ScalarLoad<T, A>>(sum, data[1] + j * in_strides[1], in_strides[0], size0);
    store_add<T>(data[0], out_stride, j, sum);
  }
}

template <class T, class A>
void scalar_outer_sum(char** data, const int64_t* in_strides, int64_t out_stride, int64_t size0, int64_t size1) {
  int64_t j = 0;
  for (; j + 3 < size1; j += 4) {
    A sums[4];
    multi_row_sum<A, 4, ScalarLoad<T, A>>(sums, data[1] + j * in_strides[1], in_strides[0], in_strides[1], size0);
    for (int64_t k = 0; k < 4; ++k) store_add<T>(data[0] + out_stride * j, out_stride, k, sums[k]);
  }
  for (; j < size1; ++j) {
    A sum;
    row_sum<A, ScalarLoad<T, A>>(sum, data[1] + j * in_strides[1], in_strides[0], size0);
    store_add<T>(data[0], out_stride, j, sum);
  }
}

} // namespace cascade

// sum of the floating input into the (zero-filled) floating output.
template <class T> void cascade_sum(const ReductionIter& it) {
  using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
  with_avx2([&] { parallel_reduce<T>(it, [](char** data, const int64_t* strides, int64_t size0, int64_t size1) {
    int64_t in_strides[2] = {strides[1], strides[3]};
    int64_t out_strides[2] = {strides[0], strides[2]};
    if (out_strides[0] != 0 && out_strides[1] == 0) { // the reduced dim goes first
      std::swap(in_strides[0], in_strides[1]);
      std::swap(out_strides[0], out_strides[1]);
      std::swap(size0, size1);
    }
    if (out_strides[0] != 0 && out_strides[1] != 0) { // nothing reduced: out += in
      for (int64_t j = 0; j < size1; ++j)
        for (int64_t i = 0; i < size0; ++i) {
          char* o = data[0] + j * strides[2] + i * strides[0];
          store<T>(o, static_cast<T>(load<T>(o) + load<T>(data[1] + j * strides[3] + i * strides[1])));
        }
      return;
    }
    const int64_t out_stride = out_strides[1];
    if (in_strides[0] == sizeof(T) && size0 >= kLanes<T>)
      cascade::vectorized_inner_sum<T, A>(data, in_strides[1], out_stride, size0, size1);
    else if (in_strides[1] == sizeof(T) && size1 >= kLanes<T>)
      cascade::vectorized_outer_sum<T, A>(data, in_strides[0], out_stride, size0, size1);
    else if (in_strides[0] < in_strides[1])
      cascade::scalar_inner_sum<T, A>(data, in_strides, out_stride, size0, size1);
    else
      cascade::scalar_outer_sum<T, A>(data, in_strides, out_stride, size0, size1);
  }); });
}

// ---- reduce_vec (binary_kernel_reduce_vec) -------------------------------------------

// out = op(out, x) over the input into the output (filled with the identity
// by the caller); `vop` is the same operation as Vectorized<T> applies it
// lane by lane (it differs from `op` only for NaN and signed zeros).
template <class T, class Op, class VecOp> void reduce_vec(const ReductionIter& it, Op op, VecOp vop) {
  constexpr int64_t lanes = kLanes<T>;
  constexpr int64_t block = 4 * lanes;
  // vectorized_reduction: 4 accumulators of `lanes` lanes over n rows.
  auto vectorized = [&](char** data, int64_t n, int64_t stride, bool reduce) {
    std::array<T, block> acc;
    for (int64_t k = 0; k < block; ++k) acc[k] = load<T>(data[1] + k * sizeof(T));
    for (int64_t i = 1; i < n; ++i) {
      const char* p = data[1] + stride * i;
      for (int64_t k = 0; k < block; ++k) acc[k] = vop(acc[k], load<T>(p + k * sizeof(T)));
    }
    if (reduce) {
      for (int64_t k = 0; k < lanes; ++k)
        acc[k] = vop(vop(acc[k], acc[lanes + k]), vop(acc[2 * lanes + k], acc[3 * lanes + k]));
      for (int64_t k = 1; k < lanes; ++k) acc[0] = op(acc[0], acc[k]);
      store<T>(data[0], op(load<T>(data[0]), acc[0]));
    } else {
      for (int64_t k = 0; k < block; ++k) store<T>(data[0] + k * sizeof(T), vop(acc[k], load<T>(data[0] + k * sizeof(T))));
    }
  };
  auto basic = [&](char* out, const char* in, int64_t out_stride, int64_t in_stride, int64_t n) {
    for (int64_t i = 0; i < n; ++i) store<T>(out + i * out_stride, op(load<T>(out + i * out_stride), load<T>(in + i * in_stride)));
  };
  parallel_reduce<T>(it, [&](char** data, const int64_t* strides, int64_t size0, int64_t size1) {
    if (strides[0] == 0 && strides[1] == sizeof(T)) { // contiguous inner reduction
      for (int64_t j = 0; j < size1; ++j) {
        char* row[2] = {data[0] + j * strides[2], data[1] + j * strides[3]};
        const int64_t count = size0 / block;
        if (count > 0) vectorized(row, count, block * sizeof(T), true);
        for (int64_t i = count * block; i < size0; ++i)
          store<T>(row[0], op(load<T>(row[0]), load<T>(row[1] + i * sizeof(T))));
      }
    } else if (strides[0] == 0 && strides[2] == sizeof(T) && strides[3] == sizeof(T)) { // outer reduction
      int64_t j = 0;
      for (; j + block <= size1; j += block) {
        char* cols[2] = {data[0] + j * sizeof(T), data[1] + j * sizeof(T)};
        vectorized(cols, size0, strides[1], false);
      }
      for (; j < size1; ++j) basic(data[0] + j * sizeof(T), data[1] + j * sizeof(T), 0, strides[1], size0);
    } else {
      for (int64_t j = 0; j < size1; ++j) basic(data[0] + j * strides[2], data[1] + j * strides[3], strides[0], strides[1], size0);
    }
  });
}

// ---- reduce_elements (binary_kernel_reduce) ---------------------------------------------

// For every output element: acc = reduce(acc, x, index) over its inputs in
// iteration order (index counts along each innermost run), then
// project(output element index, acc). A reduction to one element of at
// least kGrainSize inputs folds one chunk per thread and combines them.
template <class T, class Acc, class Reduce, class Combine, class Project>
void reduce_elements(const ReductionIter& it, const Acc& init, Reduce reduce, Combine combine, Project project) {
  auto fold = [&](Acc acc, char* in, const ReductionIter& sub, int64_t begin, int64_t end) {
    for_each_block(sub, sub.out, in, begin, end, [&](char** data, const int64_t* strides, int64_t size0, int64_t size1) {
      for (int64_t j = 0; j < size1; ++j) {
        const char* p = data[1] + j * strides[3];
        for (int64_t i = 0; i < size0; ++i) acc = reduce(acc, load<T>(p + i * strides[1]), begin + i);
      }
    });
    return acc;
  };
  if (it.out_numel == 1) {
    const int64_t numel = it.numel(), threads = intraop_threads();
    if (numel < kGrainSize || threads == 1) {
      project(0, fold(init, it.in, it, 0, numel));
      return;
    }
    std::vector<Acc> buffer(static_cast<size_t>(threads), init);
    const int64_t chunks = std::min(threads, (numel + kGrainSize - 1) / kGrainSize);
    const int64_t chunk = (numel + chunks - 1) / chunks;
    for (int64_t t = 0; t < chunks && t * chunk < numel; ++t)
      buffer[t] = fold(init, it.in, it, t * chunk, std::min(numel, (t + 1) * chunk));
    Acc total = init;
    for (const Acc& b : buffer) total = combine(total, b);
    project(0, total);
    return;
  }
  // The reduced dims lead; every output element walks them from its own base.
  const int64_t nr = it.num_reduce_dims();
  ReductionIter sub = it;
  sub.shape.resize(static_cast<size_t>(nr));
  sub.out_strides.resize(static_cast<size_t>(nr));
  sub.in_strides.resize(static_cast<size_t>(nr));
  const int64_t sub_numel = sub.numel();
  const int64_t nd = it.ndim();
  tensor::IntVector counter(static_cast<size_t>(nd), 0);
  while (true) {
    int64_t out_offset = 0, in_offset = 0;
    for (int64_t d = nr; d < nd; ++d) {
      out_offset += counter[d] * it.out_strides[d];
      in_offset += counter[d] * it.in_strides[d];
    }
    project(out_offset / it.out_itemsize, fold(init, it.in + in_offset, sub, 0, sub_numel));
    int64_t d = nr;
    for (; d < nd; ++d) {
      if (++counter[d] < it.shape[d]) break;
      counter[d] = 0;
    }
    if (d == nd) return;
  }
}

} // namespace refc::ops
