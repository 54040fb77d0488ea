// Elementwise machinery shared by every pointwise op (PyTorch's
// TensorIterator, reduced to what refc needs):
// - type promotion: result_type over tensors, 0-d tensors and wrapped
//   numbers, and the promotion kinds ops declare (int -> float for sqrt,
//   always bool for comparisons, ...);
// - geometry: the broadcast shape and an output layout that follows the
//   inputs' memory order (x.t() + 1 is laid out like x.t());
// - loops: iteration over any number of strided operands in output memory
//   order with adjacent dimensions coalesced, calling a row function whose
//   contiguous and scalar-broadcast cases compile to vectorised loops.
#pragma once

#include "reference_compiler/ops/op_registry.h"

#include <array>
#include <climits>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>
#include <initializer_list>

namespace refc::ops {

using tensor::DType;
using tensor::IntVector;

// How an op's output dtype follows its inputs (torch._prims_common's
// ELEMENTWISE_TYPE_PROMOTION_KIND).
enum class Promotion : uint8_t {
  Default,    // the promoted type of the inputs
  IntToFloat, // integral and bool results become the default float dtype (sqrt, true division)
  AlwaysBool, // computes in the promoted type, returns bool (comparisons)
  BoolToLong, // bool results become int64 (sum-like ops; pow with bool base)
};

// PyTorch's result_type: dimensioned tensors outrank 0-d tensors, which
// outrank Python numbers, and a lower-ranked operand only raises the category
// (a float number makes an int tensor's result the default float dtype).
class ResultType {
public:
  void add(const Tensor& t);
  void add(const tensor::Scalar& s);
  void add_arg(const OpArgs& args, size_t i); // a Tensor argument that may hold a number
  DType result() const;

private:
  std::optional<DType> dim_, zero_dim_, wrapped_;
};

struct ElementwiseTypes {
  DType compute; // what operands are converted to before the loop
  DType out;
};
ElementwiseTypes promote(DType common, Promotion kind);

// The meta function of an elementwise op over the Tensor arguments `inputs`:
// broadcast sizes, layout-following strides, dtype by `kind`.
TensorSpec elementwise_spec(const OpArgs& args, std::initializer_list<size_t> inputs, Promotion kind);
// The same from explicit operands.
TensorSpec elementwise_spec(std::span<const Tensor> operands, DType out_dtype);

// The strides for a new output of shape `sizes` that follow the memory order
// of `operands` (broadcast to `sizes`), as TensorIterator's reorder_dimensions.
tensor::SymIntVector layout_following_strides(tensor::SymIntArrayRef sizes,
                                              std::span<const Tensor> operands);

// `t` converted to `dtype` (t itself when it already is).
Tensor to_dtype(const Tensor& t, DType dtype);

// ---- loops -------------------------------------------------------------------------

// Iteration space: the output's shape with each operand's byte strides
// (operand 0 is the output; broadcast dimensions have stride 0), reordered
// fastest-first and coalesced. for_each_row calls row(ptrs, strides, n) for
// every run of `n` elements along the fastest dimension.
constexpr size_t kMaxOperands = 4;
struct LoopPlan {
  IntVector shape;                                   // fastest dimension first
  std::array<IntVector, kMaxOperands> strides;       // bytes, same order as shape
  std::array<char*, kMaxOperands> data{};
  size_t noperands = 0;
};
LoopPlan plan_loop(const Tensor& out, std::span<const Tensor> inputs);

template <class Row> void for_each_row(const LoopPlan& plan, Row&& row) {
  const size_t nd = plan.shape.size();
  const size_t nops = plan.noperands;
  std::array<char*, kMaxOperands> ptrs = plan.data;
  std::array<int64_t, kMaxOperands> inner{};
  for (size_t k = 0; k < nops; ++k) inner[k] = nd ? plan.strides[k][0] : 0;
  const int64_t n = nd ? plan.shape[0] : 1;
  for (int64_t s : plan.shape)
    if (s == 0) return;
  if (nd <= 1) {
    row(ptrs.data(), inner.data(), n);
    return;
  }
  IntVector counter(nd, 0);
  while (true) {
    row(ptrs.data(), inner.data(), n);
    size_t d = 1;
    for (; d < nd; ++d) {
      for (size_t k = 0; k < nops; ++k) ptrs[k] += plan.strides[k][d];
      if (++counter[d] < plan.shape[d]) break;
      for (size_t k = 0; k < nops; ++k) ptrs[k] -= plan.strides[k][d] * plan.shape[d];
      counter[d] = 0;
    }
    if (d == nd) return;
  }
}

// out[i] = f(a[i]) with a of element type T and out of element type R; the
// operands must already have those dtypes.
template <class R, class T, class F> void unary_loop(const Tensor& out, const Tensor& a, F f) {
  const Tensor ins[] = {a};
  for_each_row(plan_loop(out, ins), [&](char** p, const int64_t* s, int64_t n) {
    R* o = reinterpret_cast<R*>(p[0]);
    const T* x = reinterpret_cast<const T*>(p[1]);
    if (s[0] == sizeof(R) && s[1] == sizeof(T)) {
      for (int64_t i = 0; i < n; ++i) o[i] = static_cast<R>(f(x[i]));
    } else {
      for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<R*>(p[0] + i * s[0]) =
            static_cast<R>(f(*reinterpret_cast<const T*>(p[1] + i * s[1])));
    }
  });
}

// out[i] = f(a[i], b[i]); the contiguous and "one side is a scalar" rows are
// the cases that vectorise.
template <class R, class T, class F>
void binary_loop(const Tensor& out, const Tensor& a, const Tensor& b, F f) {
  const Tensor ins[] = {a, b};
  for_each_row(plan_loop(out, ins), [&](char** p, const int64_t* s, int64_t n) {
    R* o = reinterpret_cast<R*>(p[0]);
    const T* x = reinterpret_cast<const T*>(p[1]);
    const T* y = reinterpret_cast<const T*>(p[2]);
    if (s[0] == sizeof(R) && s[1] == sizeof(T) && s[2] == sizeof(T)) {
      for (int64_t i = 0; i < n; ++i) o[i] = static_cast<R>(f(x[i], y[i]));
    } else if (s[0] == sizeof(R) && s[1] == sizeof(T) && s[2] == 0) {
      const T yv = *y;
      for (int64_t i = 0; i < n; ++i) o[i] = static_cast<R>(f(x[i], yv));
    } else if (s[0] == sizeof(R) && s[1] == 0 && s[2] == sizeof(T)) {
      const T xv = *x;
      for (int64_t i = 0; i < n; ++i) o[i] = static_cast<R>(f(xv, y[i]));
    } else {
      for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<R*>(p[0] + i * s[0]) =
            static_cast<R>(f(*reinterpret_cast<const T*>(p[1] + i * s[1]),
                             *reinterpret_cast<const T*>(p[2] + i * s[2])));
    }
  });
}

// out[i] = f(a[i], b[i], c[i]) with element types A, B, C (where, lerp, addcmul).
template <class R, class A, class B, class C, class F>
void ternary_loop(const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, F f) {
  const Tensor ins[] = {a, b, c};
  for_each_row(plan_loop(out, ins), [&](char** p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<R*>(p[0] + i * s[0]) =
          static_cast<R>(f(*reinterpret_cast<const A*>(p[1] + i * s[1]),
                           *reinterpret_cast<const B*>(p[2] + i * s[2]),
                           *reinterpret_cast<const C*>(p[3] + i * s[3])));
  });
}

// Float to integer as x86 computes PyTorch's static_cast: through a 32-bit
// (int8/16/32) or 64-bit (int64, and uint8 as c10 casts it) truncating
// conversion whose out-of-range result is the "integer indefinite" minimum,
// then wrapped to the narrower type. Written out so it is defined behaviour.
template <class To> inline To float_to_int(double v) {
  if constexpr (sizeof(To) == 8 || std::is_same_v<To, uint8_t>) {
    int64_t r = (v >= -9223372036854775808.0 && v < 9223372036854775808.0)
                    ? static_cast<int64_t>(v) : INT64_MIN;
    return static_cast<To>(r);
  } else {
    int32_t r = (v > -2147483649.0 && v < 2147483648.0) ? static_cast<int32_t>(v) : INT32_MIN;
    return static_cast<To>(r);
  }
}

// Element conversion as PyTorch's c10::convert: to bool is "nonzero", 16-bit
// floats go through float, float to integer as float_to_int.
template <class To, class From> inline To convert(From v) {
  using tensor::BFloat16;
  using tensor::Half;
  constexpr bool from16 = std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>;
  constexpr bool to16 = std::is_same_v<To, Half> || std::is_same_v<To, BFloat16>;
  if constexpr (std::is_same_v<To, From>) return v;
  else if constexpr (std::is_same_v<To, bool>) {
    if constexpr (from16) return static_cast<float>(v) != 0.0f;
    else return v != From(0);
  } else if constexpr (from16) return convert<To>(static_cast<float>(v));
  else if constexpr (to16) return To(static_cast<float>(v));
  else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>)
    return float_to_int<To>(static_cast<double>(v));
  else return static_cast<To>(v);
}

// Copies src into dst (same shape after broadcasting src), converting dtypes.
void copy_into(const Tensor& dst, const Tensor& src);

// TensorIterator's reorder_dimensions: the dims, fastest-moving first, from
// an insertion sort that starts from reversed order and moves a dim before
// another while should_swap(dim0, dim1) is 1, stopping where it is -1 (0:
// undecided, keep looking).
template <class ShouldSwap> std::vector<size_t> reorder_dimensions(size_t nd, ShouldSwap&& should_swap) {
  std::vector<size_t> perm(nd);
  for (size_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  for (size_t i = 1; i < nd; ++i) {
    size_t dim1 = i;
    for (size_t dim0 = i; dim0-- > 0;) {
      int c = should_swap(perm[dim0], perm[dim1]);
      if (c > 0) {
        std::swap(perm[dim0], perm[dim1]);
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  return perm;
}

} // namespace refc::ops
