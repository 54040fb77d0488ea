// Indexing ops: gather / scatter (value, src, reduce) / scatter_add /
// scatter_reduce, index_select / index_add / index_copy / index_fill /
// take_along_dim, searchsorted / bucketize, advanced indexing (index.Tensor, index_put and
// its in-place forms, which Python's x[idx] and x[idx] = v go through),
// take / put, masked_fill / masked_select / masked_scatter, nonzero and the
// one-argument where, sort / argsort / msort / topk, and embedding with its
// dense backward.
//
// Kernels visit positions in the order ATen's CPU kernels do, so duplicate
// indices resolve as in PyTorch (the last write wins, sums accumulate in
// order): scatter walks each row along `dim` in index order, index_put and
// the masked ops walk the indexing result in row-major order, and sort and
// topk make ATen's std::sort / std::stable_sort / std::partial_sort /
// std::nth_element calls, so even ties come out in PyTorch's order.
#include "reference_compiler/ops/data_dependent_sizes.h"
#include "reference_compiler/ops/dtype_names.h"

#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/op_family.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

namespace refc::ops {

using lang::Value;
using tensor::IntVector;
using tensor::Scalar;
using tensor::SymInt;
using tensor::SymIntVector;

namespace {

using Grads = std::vector<Tensor>;

SymIntVector sizes_of(const Tensor& t) { return {t.sym_sizes().begin(), t.sym_sizes().end()}; }
IntVector strides_of(const Tensor& t) { return {t.strides().begin(), t.strides().end()}; }

Tensor contiguous(const Tensor& t) { return call_tensor("contiguous", t); }

bool is_index_dtype(DType t) { return t == DType::Int64 || t == DType::Int32; }

// The value of an int32/int64 index tensor at element offset `off`.
int64_t index_at(const Tensor& index, int64_t off) {
  return index.dtype() == DType::Int32 ? index.data<int32_t>()[off] : index.data<int64_t>()[off];
}

// Calls f(offsets) for every position of `sizes` in row-major order, with
// offsets[k] the sum of position * strides[k] (in elements).
template <size_t K, class F>
void for_each_position(tensor::IntArrayRef sizes, const std::array<IntVector, K>& strides, F&& f) {
  const size_t nd = sizes.size();
  for (int64_t s : sizes)
    if (s == 0) return;
  std::array<int64_t, K> off{};
  IntVector pos(nd, 0);
  while (true) {
    f(off);
    size_t d = nd;
    for (; d > 0; --d) {
      for (size_t k = 0; k < K; ++k) off[k] += strides[k][d - 1];
      if (++pos[d - 1] < sizes[d - 1]) break;
      for (size_t k = 0; k < K; ++k) off[k] -= strides[k][d - 1] * sizes[d - 1];
      pos[d - 1] = 0;
    }
    if (d == 0) return;
  }
}

// `t`'s strides broadcast to `sizes` (0 along broadcast dims).
IntVector broadcast_strides(const Tensor& t, tensor::IntArrayRef sizes) {
  IntVector s(sizes.size(), 0);
  const size_t off = sizes.size() - static_cast<size_t>(t.dim());
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.size(d) != 1) s[off + d] = t.stride(d);
  return s;
}

// Element `off` (in elements from element 0) of a tensor of element type T.
template <class T> T& at(const Tensor& t, int64_t off) { return t.data<T>()[off]; }

// The value of a one-element tensor as a Scalar of its kind.
Scalar scalar_of(const Tensor& t) {
  return tensor::visit_dtype(t.dtype(), [&]<class T>() -> Scalar {
    const T v = *t.data<T>();
    if constexpr (std::is_same_v<T, bool>) return Scalar(v);
    else if constexpr (std::is_integral_v<T>) return Scalar(static_cast<int64_t>(v));
    else return Scalar(static_cast<double>(v));
  });
}

// ---- gather / scatter ------------------------------------------------------------------------------

// gather/scatter treat a 0-d tensor as [1].
int64_t dims_of(const Tensor& t) { return std::max<int64_t>(t.dim(), 1); }
int64_t size_or_one(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
int64_t stride_or_zero(const Tensor& t, int64_t d) { return t.dim() == 0 ? 0 : t.stride(d); }

void check_index_dtype(const Tensor& index, const char* method) {
  if (index.numel() != 0)
    check(is_index_dtype(index.dtype()), std::string(method) + "(): Expected dtype int32/int64 for index");
}

void gather_shape_check(const Tensor& self, int64_t dim, const Tensor& index) {
  check(dims_of(self) == dims_of(index), "Index tensor must have the same number of dimensions as input tensor");
  for (int64_t d = 0; d < dims_of(self); ++d)
    if (d != dim && size_or_one(index, d) > size_or_one(self, d))
      fail("Size does not match at dimension " + std::to_string(d) + " expected index " + shape_str(index.sym_sizes()) +
           " to be no larger than self " + shape_str(self.sym_sizes()) + " apart from dimension " + std::to_string(dim));
}

void scatter_shape_check(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  if (index.numel() == 0) return;
  check(dims_of(self) == dims_of(index), "Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  for (int64_t d = 0; d < dims_of(self); ++d) {
    if (d != dim && size_or_one(index, d) > size_or_one(self, d)) wrong = true;
    if (src.defined() && size_or_one(index, d) > size_or_one(src, d)) wrong = true;
  }
  std::string expected = "Expected index " + shape_str(index.sym_sizes()) + " to be no larger than self " +
                         shape_str(self.sym_sizes()) + " apart from dimension " + std::to_string(dim);
  if (src.defined()) {
    check(dims_of(src) == dims_of(index), "Index tensor must have the same number of dimensions as src tensor");
    expected += " and to be no larger size than src " + shape_str(src.sym_sizes());
  }
  check(!wrong, expected);
}

// Walks `index` with `dim` innermost, calling f(idx, self_offset, other_offset):
// self_offset addresses self with `dim` left at 0 (the caller adds
// idx * stride), other_offset addresses the tensor with `other_strides`
// (gather's output, scatter's src) at the index position.
template <class F>
void walk_index(const Tensor& self, int64_t dim, const Tensor& index, const IntVector& other_strides, F&& f) {
  IntVector sizes;
  std::array<IntVector, 3> strides;
  for (int64_t d = 0; d < dims_of(index); ++d)
    if (d != dim) {
      sizes.push_back(size_or_one(index, d));
      strides[0].push_back(stride_or_zero(index, d));
      strides[1].push_back(stride_or_zero(self, d));
      strides[2].push_back(other_strides[d]);
    }
  const int64_t n = size_or_one(index, dim), bound = size_or_one(self, dim);
  const int64_t istep = stride_or_zero(index, dim), ostep = other_strides[dim];
  for_each_position<3>(sizes, strides, [&](const std::array<int64_t, 3>& off) {
    for (int64_t i = 0; i < n; ++i) {
      const int64_t idx = index_at(index, off[0] + i * istep);
      check(idx >= 0 && idx < bound, "index " + std::to_string(idx) + " is out of bounds for dimension " +
                                         std::to_string(dim) + " with size " + std::to_string(bound));
      f(idx, off[1], off[2] + i * ostep);
    }
  });
}

IntVector gs_strides(const Tensor& t) {
  return t.dim() == 0 ? IntVector{0} : strides_of(t);
}

std::vector<TensorSpec> gather_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  if (index.numel() != 0) {
    check_index_dtype(index, "gather");
    gather_shape_check(self, dim, index);
  }
  return {contiguous_spec(sizes_of(index), self.dtype(), self)};
}
void gather_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  const int64_t dim = wrap_dim(a.int_(1), self.dim()), step = stride_or_zero(self, dim);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    walk_index(self, dim, index, gs_strides(out[0]),
               [&](int64_t idx, int64_t s, int64_t o) { at<T>(out[0], o) = at<T>(self, s + idx * step); });
  });
}
Grads gather_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor zeros = call_tensor("zeros", c.spec_of_arg(0).sizes, g[0].dtype());
  return {call_tensor("scatter_add", zeros, a.int_(1), c.tensor(2), g[0])};
}

// scatter(self, dim, index, src | value, [reduce]) and scatter_add: `src_arg` is the
// src argument's index, `reduce` what combines (assign, add, multiply).
enum class Reduce { Assign, Add, Multiply };
Reduce parse_reduce(const OpArgs& a) {
  if (a.schema().overload.find("reduce") == std::string::npos) return a.schema().name.starts_with("scatter_add") ? Reduce::Add : Reduce::Assign;
  std::string_view r = a.str(4);
  if (r == "add") return Reduce::Add;
  if (r == "multiply") return Reduce::Multiply;
  fail("reduce argument must be either add or multiply.");
}
bool scatter_has_src(const OpArgs& a) { return !a.is_number(3) && tensor::is_tensor(a[3]); }

std::vector<TensorSpec> scatter_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  Tensor src = scatter_has_src(a) ? a.tensor(3) : Tensor();
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  const char* name = a.schema().name.starts_with("scatter_add") ? "scatter_add" : "scatter";
  check_index_dtype(index, name);
  if (src.defined())
    check(self.dtype() == src.dtype(), std::string(name) + "(): Expected self.dtype to be equal to src.dtype");
  scatter_shape_check(self, dim, index, src);
  parse_reduce(a);
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void scatter_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  const int64_t dim = wrap_dim(a.int_(1), self.dim()), step = stride_or_zero(out[0], dim);
  const Reduce reduce = parse_reduce(a);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  const bool has_src = scatter_has_src(a);
  Tensor src = has_src ? a.tensor(3) : Tensor();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    const T value = has_src ? T() : a.scalar(3).to<T>();
    IntVector src_strides = has_src ? gs_strides(src) : IntVector(static_cast<size_t>(dims_of(index)), 0);
    walk_index(out[0], dim, index, src_strides, [&](int64_t idx, int64_t o, int64_t s) {
      T& dst = at<T>(out[0], o + idx * step);
      const T v = has_src ? at<T>(src, s) : value;
      if (reduce == Reduce::Assign) dst = v;
      else if constexpr (std::is_same_v<T, bool>) dst = reduce == Reduce::Add ? (dst || v) : (dst && v);
      else dst = static_cast<T>(reduce == Reduce::Add ? dst + v : dst * v);
    });
  });
}
Grads scatter_src_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("scatter.value", g[0], a.int_(1), c.tensor(2), int64_t{0});
  if (c.needs_grad_of_arg(3)) out[2] = call_tensor("gather", g[0], a.int_(1), c.tensor(2));
  return out;
}
Grads scatter_value_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("scatter.value", g[0], c.args().int_(1), c.tensor(2), int64_t{0})};
}
Grads scatter_add_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  if (c.needs_grad_of_arg(3)) out[2] = call_tensor("gather", g[0], c.args().int_(1), c.tensor(2));
  return out;
}

// scatter_reduce.two(self, dim, index, src, reduce, *, include_self): ATen's
// scatter reductions; without include_self the scattered-to positions start
// from the reduction's identity, and mean divides by how many values each got.
enum class ScatterReduce { Sum, Prod, Mean, Amax, Amin };
ScatterReduce parse_scatter_reduce(std::string_view r) {
  if (r == "sum") return ScatterReduce::Sum;
  if (r == "prod") return ScatterReduce::Prod;
  if (r == "mean") return ScatterReduce::Mean;
  if (r == "amax") return ScatterReduce::Amax;
  if (r == "amin") return ScatterReduce::Amin;
  fail("reduce argument must be either sum, prod, mean, amax or amin, got " + std::string(r));
}
std::vector<TensorSpec> scatter_reduce_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2), src = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  check_index_dtype(index, "scatter_reduce");
  check(self.dtype() == src.dtype(), "scatter_reduce(): Expected self.dtype to be equal to src.dtype");
  scatter_shape_check(self, dim, index, src);
  parse_scatter_reduce(a.str(4));
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void scatter_reduce_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2), src = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim()), step = stride_or_zero(out[0], dim);
  const ScatterReduce op = parse_scatter_reduce(a.str(4));
  const bool include_self = a.bool_(5);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = std::conditional_t<std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>, float, T>;
    if (!include_self) {
      T init = T(0);
      if (op == ScatterReduce::Prod) init = T(1);
      if (op == ScatterReduce::Amax) init = static_cast<T>(std::numeric_limits<A>::has_infinity ? -std::numeric_limits<A>::infinity() : std::numeric_limits<A>::lowest());
      if (op == ScatterReduce::Amin) init = static_cast<T>(std::numeric_limits<A>::has_infinity ? std::numeric_limits<A>::infinity() : std::numeric_limits<A>::max());
      walk_index(out[0], dim, index, gs_strides(src), [&](int64_t idx, int64_t o, int64_t) { at<T>(out[0], o + idx * step) = init; });
    }
    walk_index(out[0], dim, index, gs_strides(src), [&](int64_t idx, int64_t o, int64_t si) {
      T& d = at<T>(out[0], o + idx * step);
      const A x = static_cast<A>(at<T>(src, si)), y = static_cast<A>(d);
      if constexpr (std::is_same_v<T, bool>) {
        d = op == ScatterReduce::Prod || op == ScatterReduce::Amin ? (y && x) : (y || x);
      } else {
        bool src_nan = false;
        if constexpr (std::is_floating_point_v<A>) src_nan = std::isnan(x);
        switch (op) {
        case ScatterReduce::Sum:
        case ScatterReduce::Mean: d = static_cast<T>(y + x); break;
        case ScatterReduce::Prod: d = static_cast<T>(y * x); break;
        case ScatterReduce::Amax: d = static_cast<T>(src_nan ? x : std::max(y, x)); break;
        case ScatterReduce::Amin: d = static_cast<T>(src_nan ? x : std::min(y, x)); break;
        }
      }
    });
  });
  if (op == ScatterReduce::Mean) {
    Tensor count = call_tensor(include_self ? "ones_like" : "zeros_like", out[0]);
    call("scatter_add_", count, dim, index, call_tensor("ones_like", src));
    call("masked_fill_.Scalar", count, call_tensor("eq.Scalar", count, 0), 1);
    if (tensor::is_floating(out[0].dtype())) call("div_.Tensor", out[0], count);
    else call("div_.Tensor_mode", out[0], count, "floor");
  }
}
// FunctionsManual's scatter_reduce_backward (without its double-backward guard for prod).
Grads scatter_reduce_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  const int64_t dim = a.int_(1);
  Tensor self = c.tensor(0), index = c.tensor(2), src = c.tensor(3), result = c.result();
  const ScatterReduce op = parse_scatter_reduce(a.str(4));
  const bool include_self = a.bool_(5);
  const Tensor& grad = g[0];
  auto gather = [&](const Tensor& t) { return call_tensor("gather", t, dim, index); };
  auto mul = [](const Tensor& x, const Tensor& y) { return call_tensor("mul.Tensor", x, y); };
  auto div = [](const Tensor& x, const Tensor& y) { return call_tensor("div.Tensor", x, y); };
  Tensor grad_self, grad_src;
  switch (op) {
  case ScatterReduce::Sum:
    grad_self = grad;
    grad_src = gather(grad);
    break;
  case ScatterReduce::Mean: {
    Tensor n = call_tensor(include_self ? "ones_like" : "zeros_like", grad);
    n = call_tensor("scatter_add", n, dim, index, call_tensor("ones_like", src));
    call("masked_fill_.Scalar", n, call_tensor("eq.Scalar", n, 0), 1);
    grad_self = div(grad, n);
    grad_src = div(gather(grad), gather(n));
    break;
  }
  case ScatterReduce::Prod: {
    Tensor masked_self = call_tensor("masked_fill.Scalar", self, call_tensor("eq.Scalar", self, 0), 1);
    Tensor masked_self_result = call_tensor("scatter_reduce.two", masked_self, dim, index, src, a[4], include_self);
    grad_self = div(mul(grad, masked_self_result), masked_self);
    Tensor src_zero = call_tensor("eq.Scalar", src, 0);
    Tensor zeros_per_slot = gather(call_tensor("scatter_add", call_tensor("zeros_like", self), dim, index,
                                               call_tensor("to.dtype", src_zero, self.dtype())));
    Tensor single_zero = call_tensor("logical_and", src_zero, call_tensor("eq.Scalar", zeros_per_slot, 1));
    Tensor masked_src = call_tensor("masked_fill.Scalar", src, single_zero, 1);
    Tensor masked_src_result = call_tensor("scatter_reduce.two", self, dim, index, masked_src, a[4], include_self);
    grad_src = call_tensor("where.self", single_zero, gather(mul(grad, masked_src_result)),
                           div(gather(mul(grad, result)), call_tensor("masked_fill.Scalar", src, src_zero, 1)));
    break;
  }
  case ScatterReduce::Amax:
  case ScatterReduce::Amin: {
    // The gradient is shared evenly among the values equal to the result.
    Tensor value = gather(result);
    Tensor self_is = call_tensor("eq.Tensor", self, result), src_is = call_tensor("eq.Tensor", src, value);
    Tensor n = call_tensor("scatter_add", call_tensor("to.dtype", self_is, self.dtype()), dim, index,
                           call_tensor("to.dtype", src_is, self.dtype()));
    Tensor shared = div(grad, n);
    grad_self = mul(self_is, shared);
    grad_src = mul(src_is, gather(shared));
    break;
  }
  }
  if (!include_self) grad_self = call_tensor("scatter.value", grad_self, dim, index, int64_t{0});
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = grad_self;
  if (c.needs_grad_of_arg(3)) out[2] = grad_src;
  return out;
}

// ---- searchsorted / bucketize ---------------------------------------------------------------------------

// searchsorted(sorted_sequence, self, *, out_int32, right, side, sorter): for each
// value, ATen's binary search for the first boundary >= it (> it when right).
struct Search {
  Tensor boundaries, values, sorter;
  bool right, out_int32;
};
Search search_args(const OpArgs& a) {
  Search s{a.tensor(0), a.is_number(1) ? wrapped_number_tensor(a.scalar(1)) : a.tensor(1), a.optional_tensor(5),
           a.bool_(3), a.bool_(2)};
  std::optional<std::string_view> side = a.optional_str(4);
  check(!(side && *side == "left" && s.right),
        "torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True");
  check(!side || *side == "left" || *side == "right",
        "torch.searchsorted(): side can only be 'left' or 'right' but got " + std::string(side.value_or("")));
  s.right = s.right || (side && *side == "right");
  const Tensor &b = s.boundaries, &v = s.values;
  check(b.dim() != 0, "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension");
  check(v.dim() > 0 || b.dim() == 1,
        "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got "
        "boundaries tensor dim(" + std::to_string(b.dim()) + ") and input value's dim(" + std::to_string(v.dim()) +
            ") numel(" + std::to_string(v.numel()) + ")");
  bool leading_match = b.dim() == v.dim();
  for (int64_t d = 0; leading_match && d + 1 < b.dim(); ++d) leading_match = b.size(d) == v.size(d);
  check(b.dim() == 1 || leading_match,
        "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor "
        "and input value tensor must match, but we got boundaries tensor " + shape_str(b.sym_sizes()) +
            " and input value tensor " + shape_str(v.sym_sizes()));
  if (s.sorter.defined()) {
    check(s.sorter.dtype() == DType::Int64, "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype " +
                                                std::string(tensor::scalar_type_name(s.sorter.dtype())));
    check(s.sorter.sym_sizes().size() == b.sym_sizes().size() &&
              std::equal(b.sizes().begin(), b.sizes().end(), s.sorter.sizes().begin()),
          "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor " +
              shape_str(b.sym_sizes()) + "and got sorter tensor " + shape_str(s.sorter.sym_sizes()));
  }
  return s;
}
std::vector<TensorSpec> searchsorted_meta(const OpArgs& a) {
  Search s = search_args(a);
  return {contiguous_spec(sizes_of(s.values), s.out_int32 ? DType::Int32 : DType::Int64, s.values)};
}
void searchsorted_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Search s = search_args(a);
  const DType common = tensor::promote_types(s.boundaries.dtype(), s.values.dtype());
  Tensor b = contiguous(to_dtype(s.boundaries, common)), v = contiguous(to_dtype(s.values, common));
  Tensor sorter = s.sorter.defined() ? contiguous(s.sorter) : Tensor();
  const int64_t len = b.dim() == 0 ? 1 : b.size(b.dim() - 1);
  const int64_t per_row = b.dim() == 1 ? v.numel() : (v.dim() == 0 ? 1 : v.size(v.dim() - 1));
  tensor::visit_dtype(common, [&]<class T>() {
    const T* bd = b.data<T>();
    const int64_t* st = sorter.defined() ? sorter.data<int64_t>() : nullptr;
    for (int64_t i = 0; i < v.numel(); ++i) {
      const T val = v.data<T>()[i];
      const int64_t row = b.dim() == 1 ? 0 : i / per_row;
      int64_t lo = 0, hi = len;
      while (lo < hi) {
        const int64_t mid = lo + ((hi - lo) >> 1);
        const T m = st ? bd[row * len + st[row * len + mid]] : bd[row * len + mid];
        const bool go_right = s.right ? !(m > val) : !(m >= val);
        if (go_right) lo = mid + 1;
        else hi = mid;
      }
      if (s.out_int32) out[0].data<int32_t>()[i] = static_cast<int32_t>(lo);
      else out[0].data<int64_t>()[i] = lo;
    }
  });
}
// bucketize(self, boundaries, *, out_int32, right) = searchsorted(boundaries, self, ...).
Value bucketize_run(const OpArgs& a) {
  Tensor boundaries = a.tensor(1);
  check(boundaries.dim() == 1, "boundaries tensor must be 1 dimension, but got dim(" + std::to_string(boundaries.dim()) + ")");
  return call(a.is_number(0) ? "searchsorted.Scalar" : "searchsorted.Tensor", boundaries, a[0], a[2], a[3]);
}

// ---- index_select / index_add / index_copy / index_fill -------------------------------------------------

// The (at most 1-d) index tensor's values; negative ones wrap when `wrap`,
// anything else out of [0, bound) fails with `oob(value)`.
template <class Oob> IntVector index_values(const Tensor& index, int64_t bound, bool wrap, Oob&& oob) {
  IntVector v(static_cast<size_t>(index.numel()));
  const int64_t step = index.dim() == 0 ? 0 : index.stride(0);
  for (int64_t i = 0; i < index.numel(); ++i) {
    int64_t x = index_at(index, i * step);
    if (wrap && x < 0 && x >= -bound) x += bound;
    if (x < 0 || x >= bound) oob(index_at(index, i * step));
    v[i] = x;
  }
  return v;
}
IntVector index_values(const Tensor& index, int64_t bound) {
  return index_values(index, bound, false, [](int64_t) { fail_index("index out of range in self"); });
}
IntVector iota(size_t n) {
  IntVector v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

// f(dst element, src element) over slice dst_rows[i] of dst and slice
// src_rows[i] of src along `dim`, for i in order (a 0-d tensor is one slice).
template <class T, class F>
void walk_slices(const Tensor& dst, const IntVector& dst_rows, const Tensor& src, const IntVector& src_rows, int64_t dim,
                 F&& f) {
  IntVector sizes, ds, ss;
  for (int64_t d = 0; d < dst.dim(); ++d)
    if (d != dim) {
      sizes.push_back(dst.size(d));
      ds.push_back(dst.stride(d));
      ss.push_back(src.dim() == 0 ? 0 : src.stride(d));
    }
  const int64_t dstep = dst.dim() == 0 ? 0 : dst.stride(dim), sstep = src.dim() == 0 ? 0 : src.stride(dim);
  for (size_t i = 0; i < dst_rows.size(); ++i) {
    const int64_t dbase = dst_rows[i] * dstep, sbase = src_rows[i] * sstep;
    for_each_position<2>(sizes, {ds, ss}, [&](const std::array<int64_t, 2>& off) {
      f(at<T>(dst, dbase + off[0]), at<T>(src, sbase + off[1]));
    });
  }
}

std::vector<TensorSpec> index_select_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  if (index.dim() > 1) fail_index("index_select(): Index is supposed to be a vector");
  check(!(self.dim() == 0 && index.numel() != 1), "index_select(): Index to scalar can have only 1 value, got " +
                                                      std::to_string(index.numel()) + " value(s)");
  check(is_index_dtype(index.dtype()), "index_select(): Expected dtype int32 or int64 for index");
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  SymIntVector sizes = sizes_of(self);
  if (self.dim() > 0) sizes[dim] = index.numel();
  return {contiguous_spec(std::move(sizes), self.dtype(), self)};
}
void index_select_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  IntVector rows = index_values(index, size_or_one(self, dim));
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    walk_slices<T>(out[0], iota(rows.size()), self, rows, dim, [](T& d, const T& s) { d = s; });
  });
}
Grads index_select_backward(const BackwardContext& c, const Grads& g) {
  Tensor zeros = call_tensor("zeros", c.spec_of_arg(0).sizes, g[0].dtype());
  return {call_tensor("index_add", zeros, c.args().int_(1), c.tensor(2), g[0])};
}

// index_add / index_copy(self, dim, index, source): source slice i goes to slice index[i].
std::vector<TensorSpec> index_add_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  check(index.dim() <= 1, "index_add_(): Index is supposed to be a vector");
  check(is_index_dtype(index.dtype()), "index_add_(): Expected dtype int32/int64 for index");
  check(self.dtype() == source.dtype(), "index_add_(): self (" + std::string(tensor::scalar_type_name(self.dtype())) +
                                            ") and source (" + std::string(tensor::scalar_type_name(source.dtype())) +
                                            ") must have the same scalar type");
  check(dims_of(source) == dims_of(self) || source.dim() == 0,
        "index_add_(): Source/destination tensor must have same number of dimensions");
  const int64_t n = source.dim() == 0 ? 1 : source.size(dim);
  check(index.numel() == n, "index_add_(): Number of indices (" + std::to_string(index.numel()) +
                                ") should be equal to source.size(dim) (" + std::to_string(n) + ")");
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_add_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  if (!self.is_same(out[0])) copy_into(out[0], self);
  IntVector rows = index_values(index, size_or_one(out[0], dim));
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    const T alpha = a.scalar(4).to<T>();
    walk_slices<T>(out[0], rows, source, iota(rows.size()), dim, [alpha](T& d, const T& s) {
      if constexpr (std::is_same_v<T, bool>) d = d || (alpha && s);
      else d = static_cast<T>(d + alpha * s);
    });
  });
}
// The gradient of a source indexed into `dim`: the selected slices, shaped like the source.
Tensor selected_source_grad(const BackwardContext& c, const Tensor& grad, int64_t dim, const Tensor& index) {
  const TensorSpec& src = c.spec_of_arg(3);
  Tensor sel = call_tensor("index_select", grad, dim, index);
  return src.sizes.empty() ? call_tensor("reshape", sel, SymIntVector{}) : call_tensor("expand", sel, src.sizes);
}
Grads index_add_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  if (c.needs_grad_of_arg(3)) {
    Tensor sel = selected_source_grad(c, g[0], a.int_(1), c.tensor(2));
    out[2] = a.scalar(4).to_double() == 1 ? sel : call_tensor("mul.Tensor", sel, a.scalar(4));
  }
  return out;
}

std::vector<TensorSpec> index_copy_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  if (index.dim() >= 2)
    fail_index("index_copy_(): Index should have dimension 1 or 0 (got " + std::to_string(index.dim()) + ")");
  if (source.dim() == 0 && index.numel() != 1)
    fail_index("index_copy_(): When source is scalar, index should have one element (got " +
               std::to_string(index.numel()) + ")");
  if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
    fail_index("index_copy_(): When source and destination are not scalars, their dimensionality must match. Source "
               "dimensionality (" + std::to_string(source.dim()) + "), destination dimensionality (" +
               std::to_string(self.dim()) + ")");
  check(index.dtype() == DType::Int64, "index_copy_(): Expected a long tensor for index, but got " +
                                           std::string(tensor::scalar_type_name(index.dtype())));
  check(self.dtype() == source.dtype(), "index_copy_(): self and source expected to have the same dtype, but got (self) " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " and (source) " +
                                            std::string(tensor::scalar_type_name(source.dtype())));
  const int64_t n = source.dim() == 0 ? 1 : source.size(dim);
  check(index.numel() == n, "index_copy_(): Number of indices (" + std::to_string(index.numel()) +
                                ") should be equal to source.size(dim) (" + std::to_string(n) + ")");
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_copy_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim()), bound = size_or_one(self, dim);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  IntVector rows = index_values(index, bound, false, [&](int64_t idx) {
    fail_index("index_copy_(): index " + std::to_string(idx) + " is out of bounds for dimension " + std::to_string(dim) +
               " with size " + std::to_string(bound));
  });
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    walk_slices<T>(out[0], rows, source, iota(rows.size()), dim, [](T& d, const T& s) { d = s; });
  });
}
Grads index_copy_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("index_fill.int_Scalar", g[0], a.int_(1), c.tensor(2), int64_t{0});
  if (c.needs_grad_of_arg(3)) out[2] = selected_source_grad(c, g[0], a.int_(1), c.tensor(2));
  return out;
}

// index_fill(self, dim, index, value): slices index[i] set to value (a Scalar or 0-d tensor).
std::vector<TensorSpec> index_fill_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  wrap_dim(a.int_(1), self.dim());
  check(index.dtype() == DType::Int64, "index_fill_(): Expected dtype int64 for index.");
  if (index.dim() > 1) fail_index("index_fill_(): Index is supposed to be a vector");
  if (!a.is_number(3)) {
    Tensor value = a.tensor(3);
    check(value.dim() == 0, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                                std::to_string(value.dim()) + " dimension(s).");
  }
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_fill_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  const int64_t dim = wrap_dim(a.int_(1), self.dim()), bound = size_or_one(self, dim);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  IntVector rows = index_values(index, bound, true, [&](int64_t idx) {
    fail_index("index " + std::to_string(idx) + " is out of bounds for dimension " + std::to_string(dim) +
               " with size " + std::to_string(bound));
  });
  Tensor value = to_dtype(a.is_number(3) ? wrapped_number_tensor(a.scalar(3)) : a.tensor(3), out[0].dtype());
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    walk_slices<T>(out[0], rows, value, IntVector(rows.size(), 0), dim, [](T& d, const T& v) { d = v; });
  });
}
Grads index_fill_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(c.input_specs.size());
  Tensor index = c.tensor(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("index_fill.int_Scalar", g[0], a.int_(1), index, int64_t{0});
  if (out.size() > 2 && c.needs_grad_of_arg(3)) {
    // Each filled slice counts once, however often its index repeats.
    Tensor idx = contiguous(index);
    IntVector unique;
    for (int64_t i = 0; i < idx.numel(); ++i) {
      const int64_t v = idx.data<int64_t>()[i];
      if (std::find(unique.begin(), unique.end(), v) == unique.end()) unique.push_back(v);
    }
    Tensor u = Tensor::empty(SymIntVector{static_cast<int64_t>(unique.size())}, DType::Int64);
    std::copy(unique.begin(), unique.end(), u.data<int64_t>());
    out[2] = call_tensor("sum", call_tensor("index_select", g[0], a.int_(1), u));
  }
  return out;
}

// take_along_dim(self, indices, dim): gather after broadcasting all but `dim`.
Value take_along_dim_run(const OpArgs& a) {
  Tensor self = a.tensor(0), indices = a.tensor(1);
  if (a.is_none(2))
    return call("gather", call_tensor("reshape", self, IntVector{-1}), 0, call_tensor("reshape", indices, IntVector{-1}));
  check(self.dim() == indices.dim(), "torch.take_along_dim(): input and indices should have the same number of "
                                     "dimensions, but got " + std::to_string(self.dim()) + " dimensions for input, and " +
                                         std::to_string(indices.dim()) + " dimensions for indices");
  check(indices.dtype() == DType::Int64, "torch.take_along_dim(): dtype of indices should be Long but got " +
                                             std::string(tensor::scalar_type_name(indices.dtype())));
  const int64_t dim = wrap_dim(a.int_(2), self.dim());
  SymIntVector self_sizes = sizes_of(self), index_sizes = sizes_of(indices);
  self_sizes[dim] = indices.sym_size(dim);
  Tensor idx = call_tensor("expand", indices, broadcast_shapes(self_sizes, indices.sym_sizes()));
  index_sizes[dim] = self.sym_size(dim);
  Tensor src = call_tensor("expand", self, broadcast_shapes(index_sizes, self.sym_sizes()));
  return call("gather", src, dim, idx);
}

// ---- advanced indexing -----------------------------------------------------------------------------------

// ATen's AdvancedIndex: self (permuted so the indexed dims are adjacent) and
// the long index tensors broadcast together; the result has self's leading
// unindexed dims, the broadcast index shape, then the trailing ones.
struct AdvancedIndex {
  Tensor src;
  std::vector<Tensor> indices;  // one per indexed dim, broadcast to index_shape
  IntVector indexed_sizes, indexed_strides;
  int64_t dims_before = 0, dims_after = 0;
  IntVector index_shape, result_sizes;
};

[[noreturn]] void fail_index_type() {
  fail_index("tensors used as indices must be long, int, byte or bool tensors");
}

AdvancedIndex make_advanced_index(const Tensor& self, const std::vector<Tensor>& given) {
  if (given.size() > static_cast<size_t>(self.dim()))
    fail_index("too many indices for tensor of dimension " + std::to_string(self.dim()) + " (got " +
               std::to_string(given.size()) + ")");
  // Masks become the long indices of their nonzero positions.
  std::vector<Tensor> indices;
  for (const Tensor& t : given) {
    if (!t.defined()) {
      indices.emplace_back();
      continue;
    }
    if (t.dtype() == DType::Bool || t.dtype() == DType::UInt8) {
      for (int64_t j = 0; j < t.dim(); ++j) {
        const int64_t src_dim = static_cast<int64_t>(indices.size()) + j;
        if (src_dim >= self.dim() || t.size(j) != self.size(src_dim))
          fail_index("The shape of the mask " + shape_str(t.sym_sizes()) + " at index " + std::to_string(j) +
                     " does not match the shape of the indexed tensor " + shape_str(self.sym_sizes()) + " at index " +
                     std::to_string(src_dim));
      }
      Tensor nz = call_tensor("nonzero", t);
      for (int64_t j = 0; j < t.dim(); ++j) indices.push_back(call_tensor("select.int", nz, 1, j));
    } else if (is_index_dtype(t.dtype())) {
      indices.push_back(t);
    } else {
      fail_index_type();
    }
  }
  // Broadcast the index tensors together.
  SymIntVector shape;
  bool first = true;
  for (const Tensor& t : indices)
    if (t.defined()) {
      try {
        shape = first ? sizes_of(t) : broadcast_shapes(shape, t.sym_sizes());
      } catch (const lang::PyError&) {
        std::string shapes;
        for (const Tensor& u : indices)
          if (u.defined()) shapes += (shapes.empty() ? "" : ", ") + shape_str(u.sym_sizes());
        fail_index("shape mismatch: indexing tensors could not be broadcast together with shapes " + shapes);
      }
      first = false;
    }
  while (indices.size() < static_cast<size_t>(self.dim())) indices.emplace_back();
  // Non-adjacent indexed dims move to the front.
  Tensor src = self;
  int64_t runs = 0;
  for (size_t i = 0; i < indices.size(); ++i)
    if (indices[i].defined() && (i == 0 || !indices[i - 1].defined())) ++runs;
  if (runs > 1) {
    IntVector perm;
    std::vector<Tensor> reordered;
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 0; i < indices.size(); ++i)
        if (indices[i].defined() == (pass == 0)) {
          perm.push_back(static_cast<int64_t>(i));
          reordered.push_back(indices[i]);
        }
    src = call_tensor("permute", self, perm);
    indices = std::move(reordered);
  }
  AdvancedIndex r;
  r.src = src;
  r.index_shape = tensor::expect_ints(shape);
  for (size_t d = 0; d < indices.size(); ++d) {
    const int64_t dd = static_cast<int64_t>(d);
    if (!indices[d].defined()) {
      (r.indices.empty() ? r.dims_before : r.dims_after)++;
      continue;
    }
    r.indexed_sizes.push_back(src.size(dd));
    r.indexed_strides.push_back(src.stride(dd));
    r.indices.push_back(call_tensor("expand", indices[d], shape));
  }
  if (std::find(r.indexed_sizes.begin(), r.indexed_sizes.end(), 0) != r.indexed_sizes.end() &&
      std::find(r.index_shape.begin(), r.index_shape.end(), 0) == r.index_shape.end())
    fail_index("index is out of bounds for dimension with size 0");
  for (int64_t d = 0; d < r.dims_before; ++d) r.result_sizes.push_back(src.size(d));
  r.result_sizes.insert(r.result_sizes.end(), r.index_shape.begin(), r.index_shape.end());
  for (int64_t d = src.dim() - r.dims_after; d < src.dim(); ++d) r.result_sizes.push_back(src.size(d));
  return r;
}

// Calls f(src_offset, result_position_offsets...) for every result element in
// row-major order: src_offset addresses r.src; `extra` tensors (broadcast to
// the result shape) get their offsets too.
template <size_t K, class F>
void walk_advanced(const AdvancedIndex& r, const std::array<IntVector, K>& extra, F&& f) {
  const int64_t nidx = static_cast<int64_t>(r.indices.size());
  const int64_t nres = static_cast<int64_t>(r.result_sizes.size());
  const int64_t nshape = static_cast<int64_t>(r.index_shape.size());
  // Operands: 0 = src (restrided), 1..nidx = index tensors, then extras.
  constexpr size_t kMaxIndices = 8;
  check(nidx <= static_cast<int64_t>(kMaxIndices), "refc: at most 8 index tensors are supported");
  std::array<IntVector, 1 + kMaxIndices + K> strides;
  for (auto& s : strides) s.assign(static_cast<size_t>(nres), 0);
  for (int64_t d = 0; d < r.dims_before; ++d) strides[0][d] = r.src.stride(d);
  for (int64_t d = 0; d < r.dims_after; ++d)
    strides[0][nres - r.dims_after + d] = r.src.stride(r.src.dim() - r.dims_after + d);
  for (int64_t k = 0; k < nidx; ++k)
    for (int64_t d = 0; d < nshape; ++d) strides[1 + k][r.dims_before + d] = r.indices[k].stride(d);
  for (size_t k = 0; k < K; ++k) strides[1 + kMaxIndices + k] = extra[k];
  for_each_position<1 + kMaxIndices + K>(r.result_sizes, strides, [&](const std::array<int64_t, 1 + kMaxIndices + K>& off) {
    int64_t src = off[0];
    for (int64_t k = 0; k < nidx; ++k) {
      int64_t idx = index_at(r.indices[k], off[1 + k]);
      const int64_t size = r.indexed_sizes[k];
      if (idx < -size || idx >= size)
        fail_index("index " + std::to_string(idx) + " is out of bounds for dimension " + std::to_string(k) +
                   " with size " + std::to_string(size));
      if (idx < 0) idx += size;
      src += idx * r.indexed_strides[k];
    }
    std::array<int64_t, K> rest{};
    for (size_t k = 0; k < K; ++k) rest[k] = off[1 + kMaxIndices + k];
    f(src, rest);
  });
}

std::vector<TensorSpec> index_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  AdvancedIndex r = make_advanced_index(self, a.tensor_list(1));
  return {contiguous_spec(tensor::to_sym(r.result_sizes), self.dtype(), self)};
}
void index_kernel(const OpArgs& a, std::span<const Tensor> out) {
  AdvancedIndex r = make_advanced_index(a.tensor(0), a.tensor_list(1));
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    walk_advanced<1>(r, {strides_of(out[0])}, [&](int64_t s, const std::array<int64_t, 1>& o) {
      at<T>(out[0], o[0]) = at<T>(r.src, s);
    });
  });
}
Grads index_backward(const BackwardContext& c, const Grads& g) {
  Tensor zeros = call_tensor("zeros", c.spec_of_arg(0).sizes, g[0].dtype());
  return {call_tensor("index_put_", zeros, c.args()[1], g[0], true)};
}

// index_put(self, indices, values, accumulate) and its in-place forms.
std::vector<TensorSpec> index_put_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), values = a.tensor(2);
  AdvancedIndex r = make_advanced_index(self, a.tensor_list(1));
  check(self.dtype() == values.dtype(), "Index put requires the source and destination dtypes match, got " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " for the destination and " +
                                            std::string(tensor::scalar_type_name(values.dtype())) + " for the source.");
  bool expandable = values.dim() <= static_cast<int64_t>(r.result_sizes.size());
  for (int64_t d = 0; expandable && d < values.dim(); ++d) {
    const int64_t vs = values.size(values.dim() - 1 - d), rs = r.result_sizes[r.result_sizes.size() - 1 - d];
    expandable = vs == 1 || vs == rs;
  }
  check(expandable, "shape mismatch: value tensor of shape " + shape_str(values.sym_sizes()) +
                        " cannot be broadcast to indexing result of shape " + shape_str(r.result_sizes));
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_put_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), values = a.tensor(2);
  const bool accumulate = a.bool_(3);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  AdvancedIndex r = make_advanced_index(out[0], a.tensor_list(1));
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    walk_advanced<1>(r, {broadcast_strides(values, r.result_sizes)}, [&](int64_t d, const std::array<int64_t, 1>& v) {
      T& dst = at<T>(r.src, d);
      const T x = at<T>(values, v[0]);
      if (!accumulate) dst = x;
      else if constexpr (std::is_same_v<T, bool>) dst = dst || x;
      else dst = static_cast<T>(dst + x);
    });
  });
}
Grads index_put_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(c.input_specs.size());
  const bool accumulate = a.bool_(3);
  // Flattened inputs: self, the defined indices, values.
  const size_t values_k = out.size() - 1;
  if (c.needs_grad[0])
    out[0] = accumulate ? g[0]
                        : call_tensor("index_put", g[0], a[1], call_tensor("zeros", c.input_specs[values_k].sizes, g[0].dtype()), false);
  if (c.needs_grad[values_k]) out[values_k] = call_tensor("index.Tensor", g[0], a[1]);
  return out;
}

// ---- take / put ------------------------------------------------------------------------------------------

void check_long_index(const Tensor& index, const char* method) {
  check(index.dtype() == DType::Int64, std::string(method) + "(): Expected a long tensor for index, but got " +
                                           std::string(tensor::scalar_type_name(index.dtype())));
}
int64_t flat_index(int64_t idx, int64_t numel) {
  if (idx < -numel || idx >= numel)
    fail_index("out of range: tried to access index " + std::to_string(idx) + " on a tensor of " +
               std::to_string(numel) + " elements.");
  return idx < 0 ? idx + numel : idx;
}
// Element offset of row-major position `i` of tensor t.
int64_t offset_of(const Tensor& t, int64_t i) {
  int64_t off = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    off += (i % t.size(d)) * t.stride(d);
    i /= t.size(d);
  }
  return off;
}

std::vector<TensorSpec> take_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(1);
  check_long_index(index, "take");
  return {contiguous_spec(sizes_of(index), self.dtype(), self)};
}
void take_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = contiguous(a.tensor(1));
  const int64_t n = self.numel();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    for (int64_t i = 0; i < index.numel(); ++i)
      at<T>(out[0], i) = at<T>(self, offset_of(self, flat_index(index.data<int64_t>()[i], n)));
  });
}
Grads take_backward(const BackwardContext& c, const Grads& g) {
  Tensor zeros = call_tensor("zeros", c.spec_of_arg(0).sizes, g[0].dtype());
  return {call_tensor("put_", zeros, c.tensor(1), g[0], true)};
}

std::vector<TensorSpec> put_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(1), source = a.tensor(2);
  check_long_index(index, "put_");
  check(self.dtype() == source.dtype(), "put_(): self and source expected to have the same dtype, but got self.dtype = " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " and source.dtype = " +
                                            std::string(tensor::scalar_type_name(source.dtype())));
  check(source.numel() == index.numel(), "put_(): Expected source and index to have the same number of elements, but got source.numel() = " +
                                             std::to_string(source.numel()) + ", index.numel() = " + std::to_string(index.numel()));
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void put_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = contiguous(a.tensor(1)), source = contiguous(a.tensor(2));
  const bool accumulate = a.bool_(3);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  const int64_t n = out[0].numel();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    for (int64_t i = 0; i < index.numel(); ++i) {
      T& dst = at<T>(out[0], offset_of(out[0], flat_index(index.data<int64_t>()[i], n)));
      const T x = source.data<T>()[i];
      if (!accumulate) dst = x;
      else if constexpr (std::is_same_v<T, bool>) dst = dst || x;
      else dst = static_cast<T>(dst + x);
    }
  });
}
Grads put_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0))
    out[0] = a.bool_(3) ? g[0]
                        : call_tensor("put", g[0], c.tensor(1), call_tensor("zeros", c.spec_of_arg(2).sizes, g[0].dtype()), false);
  if (c.needs_grad_of_arg(2))
    out[2] = call_tensor("reshape", call_tensor("take", g[0], c.tensor(1)), c.spec_of_arg(2).sizes);
  return out;
}

// ---- masked ops --------------------------------------------------------------------------------------------

void check_bool_mask(const Tensor& mask, const char* method) {
  check(mask.dtype() == DType::Bool, std::string(method) + " only supports boolean masks, but got mask with dtype " +
                                         std::string(typemeta_name(mask.dtype())));
}

// masked_fill(self, mask, value) with a Scalar or 0-d Tensor value.
std::vector<TensorSpec> masked_fill_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), mask = a.tensor(1);
  if (!a.is_number(2)) {
    Tensor value = a.tensor(2);
    check(value.dim() == 0, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                                std::to_string(value.dim()) + " dimension(s).");
  }
  check_bool_mask(mask, "masked_fill_");
  return {contiguous_spec(broadcast_shapes(self.sym_sizes(), mask.sym_sizes()), self.dtype(), self)};
}
void masked_fill_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), mask = a.tensor(1);
  const Scalar value = a.is_number(2) ? a.scalar(2) : scalar_of(a.tensor(2));
  if (!self.is_same(out[0])) copy_into(out[0], self);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    const T v = value.to<T>();
    for_each_position<2>(out[0].sizes(), {strides_of(out[0]), broadcast_strides(mask, out[0].sizes())},
                         [&](const std::array<int64_t, 2>& off) {
                           if (at<bool>(mask, off[1])) at<T>(out[0], off[0]) = v;
                         });
  });
}
Grads masked_fill_backward(const BackwardContext& c, const Grads& g) {
  Grads out(c.input_specs.size());
  Tensor mask = c.tensor(1);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("masked_fill.Scalar", g[0], mask, int64_t{0});
  if (out.size() > 2 && c.needs_grad_of_arg(2)) out[2] = call_tensor("sum", call_tensor("masked_select", g[0], mask));
  return out;
}

// masked_select: the elements where the (broadcast) mask is true, in row-major order.
Value masked_select_run(const OpArgs& a) {
  Tensor self = a.tensor(0), mask = a.tensor(1);
  check(mask.dtype() == DType::Bool, "masked_select: expected BoolTensor for mask");
  IntVector shape = tensor::expect_ints(broadcast_shapes(self.sym_sizes(), mask.sym_sizes()));
  std::array<IntVector, 2> strides{broadcast_strides(self, shape), broadcast_strides(mask, shape)};
  int64_t count = 0;
  for_each_position<2>(shape, strides, [&](const std::array<int64_t, 2>& off) { count += at<bool>(mask, off[1]); });
  Tensor out = Tensor::empty(SymIntVector{count}, self.dtype(), self.device());
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    T* o = out.data<T>();
    for_each_position<2>(shape, strides, [&](const std::array<int64_t, 2>& off) {
      if (at<bool>(mask, off[1])) *o++ = at<T>(self, off[0]);
    });
  });
  return out.to_value();
}
Grads masked_select_backward(const BackwardContext& c, const Grads& g) {
  Tensor mask = c.tensor(1);
  SymIntVector shape = broadcast_shapes(c.spec_of_arg(0).sizes, mask.sym_sizes());
  Tensor zeros = call_tensor("zeros", shape, g[0].dtype());
  return {call_tensor("masked_scatter_", zeros, mask, g[0])};
}

std::vector<TensorSpec> masked_scatter_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), mask = a.tensor(1), source = a.tensor(2);
  check(self.dtype() == source.dtype(), "masked_scatter_: expected self and source to have same dtypes but got " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " and " +
                                            std::string(tensor::scalar_type_name(source.dtype())));
  check_bool_mask(mask, "masked_scatter_");
  return {contiguous_spec(broadcast_shapes(self.sym_sizes(), mask.sym_sizes()), self.dtype(), self)};
}
void masked_scatter_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), mask = a.tensor(1), source = contiguous(a.tensor(2));
  if (!self.is_same(out[0])) copy_into(out[0], self);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    int64_t k = 0;
    for_each_position<2>(out[0].sizes(), {strides_of(out[0]), broadcast_strides(mask, out[0].sizes())},
                         [&](const std::array<int64_t, 2>& off) {
                           if (!at<bool>(mask, off[1])) return;
                           check(k < source.numel(), "Number of elements of source < number of ones in mask");
                           at<T>(out[0], off[0]) = source.data<T>()[k++];
                         });
  });
}
Grads masked_scatter_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  Tensor mask = c.tensor(1);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("masked_fill.Scalar", g[0], mask, int64_t{0});
  if (c.needs_grad_of_arg(2)) {
    const SymIntVector& sizes = c.spec_of_arg(2).sizes;
    Tensor selected = call_tensor("masked_select", g[0], mask);
    const int64_t missing = tensor::compute_numel(sizes).expect_int() - selected.numel();
    if (missing > 0) selected = call_tensor("cat", std::vector<Tensor>{selected, call_tensor("zeros", IntVector{missing}, g[0].dtype())}, 0);
    out[2] = call_tensor("view", selected, sizes);
  }
  return out;
}

// ---- nonzero / where -------------------------------------------------------------------------------------

template <class T> bool nonzero_value(const T& v) {
  if constexpr (std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>) return static_cast<float>(v) != 0;
  else return v != T(0);
}

// Without data the count is a symbol the tracer provides; the strides are
// those of PyTorch's fake nonzero.
std::vector<TensorSpec> nonzero_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const SymInt count = data_dependent_size("aten.nonzero.default", self);
  return {TensorSpec{{count, self.dim()}, {1, count}, 0, DType::Int64, self.device()}};
}

Value nonzero_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t nd = self.dim();
  if (!self.has_data()) {
    const TensorSpec s = nonzero_meta(a)[0];
    return Tensor::empty_strided(s.sizes, s.strides, s.dtype, s.device).to_value();
  }
  std::vector<int64_t> coords; // row-major positions, nd per nonzero element
  int64_t count = 0;
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    IntVector pos(static_cast<size_t>(nd), 0);
    for_each_position<1>(self.sizes(), {strides_of(self)}, [&](const std::array<int64_t, 1>& off) {
      if (nonzero_value(at<T>(self, off[0]))) {
        coords.insert(coords.end(), pos.begin(), pos.end());
        ++count;
      }
      for (int64_t d = nd - 1; d >= 0 && ++pos[d] == self.size(d); --d) pos[d] = 0;
    });
  });
  Tensor out = Tensor::empty(SymIntVector{count, nd}, DType::Int64, self.device());
  if (!coords.empty()) std::memcpy(out.raw_data(), coords.data(), coords.size() * sizeof(int64_t));
  return out.to_value();
}
// nonzero_numpy / where(condition): one index tensor per dim, as a tuple.
Value nonzero_tuple_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Tensor nz = call_tensor("nonzero", self.dim() == 0 ? call_tensor("unsqueeze", self, 0) : self);
  std::vector<Value> items;
  for (int64_t d = 0; d < nz.size(1); ++d) items.push_back(call("select.int", nz, 1, d));
  return Value(lang::make_tuple(std::move(items)));
}
Value argwhere_run(const OpArgs& a) { return call("nonzero", a[0]); }

// ---- sort / topk -------------------------------------------------------------------------------------------

// The comparison type ATen sorts in (acc_type: float -> double, 16-bit floats -> float).
template <class T>
using SortKey = std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double>, double,
                                   std::conditional_t<std::is_floating_point_v<T> || std::is_same_v<T, tensor::Half> ||
                                                          std::is_same_v<T, tensor::BFloat16>,
                                                      float, T>>;
template <class K> bool is_nan_key(K v) {
  if constexpr (std::is_floating_point_v<K>) return std::isnan(v);
  else return false;
}
// NaN sorts above everything, as in ATen.
template <class K> bool less_nan_last(K x, K y) { return (!is_nan_key(x) && is_nan_key(y)) || x < y; }
template <class K> bool greater_nan_first(K x, K y) { return (is_nan_key(x) && !is_nan_key(y)) || x > y; }

// Runs f(in_offset, out_offsets..., length, in_step, out_step) for every 1-d slice along `dim`.
template <class F> void for_each_slice(const Tensor& in, const Tensor& out, int64_t dim, F&& f) {
  IntVector sizes, is, os;
  for (int64_t d = 0; d < in.dim(); ++d)
    if (d != dim) {
      sizes.push_back(in.size(d));
      is.push_back(in.stride(d));
      os.push_back(out.stride(d));
    }
  for_each_position<2>(sizes, {is, os}, [&](const std::array<int64_t, 2>& off) { f(off[0], off[1]); });
}

std::vector<TensorSpec> sort_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const bool stable_overload = a.schema().overload == "stable";
  wrap_dim(a.int_(stable_overload ? 2 : 1), self.dim());
  SymIntVector sizes = sizes_of(self);
  SymIntVector strides = layout_following_strides(sizes, std::span<const Tensor>(&self, 1));
  return {TensorSpec{sizes, strides, 0, self.dtype(), self.device()},
          TensorSpec{sizes, strides, 0, DType::Int64, self.device()}};
}
void sort_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const bool stable_overload = a.schema().overload == "stable";
  const int64_t dim = self.dim() == 0 ? 0 : wrap_dim(a.int_(stable_overload ? 2 : 1), self.dim());
  const bool descending = a.bool_(stable_overload ? 3 : 2);
  // ATen: std::stable_sort when asked for, else std::sort (ties in its order).
  const bool stable = stable_overload && a.optional_bool(1).value_or(false);
  if (self.dim() == 0) {
    copy_into(out[0], self);
    *out[1].data<int64_t>() = 0;
    return;
  }
  const int64_t n = self.size(dim);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using K = SortKey<T>;
    std::vector<std::pair<K, int64_t>> row(static_cast<size_t>(n));
    const int64_t is = self.stride(dim), vs = out[0].stride(dim), ix = out[1].stride(dim);
    for_each_slice(self, out[0], dim, [&](int64_t in_off, int64_t out_off) {
      for (int64_t j = 0; j < n; ++j) row[j] = {static_cast<K>(at<T>(self, in_off + j * is)), j};
      auto run = [&](auto cmp) {
        if (is == 0) return; // an expanded dim: all equal, left in order
        if (stable) std::stable_sort(row.begin(), row.end(), cmp);
        else std::sort(row.begin(), row.end(), cmp);
      };
      if (descending) run([](const auto& x, const auto& y) { return greater_nan_first(x.first, y.first); });
      else run([](const auto& x, const auto& y) { return less_nan_last(x.first, y.first); });
      for (int64_t j = 0; j < n; ++j) {
        at<T>(out[0], out_off + j * vs) = at<T>(self, in_off + row[j].second * is);
        out[1].data<int64_t>()[out_off + j * ix] = row[j].second;
      }
    });
  });
}
// value_selecting_reduction_backward with keepdim: scatter the gradient back at the indices.
Grads select_values_backward(const BackwardContext& c, const Grads& g, int64_t dim_arg) {
  const TensorSpec& self = c.spec_of_arg(0);
  Tensor zeros = call_tensor("zeros", self.sizes, g[0].dtype());
  const int64_t dim = self.sizes.empty() ? 0 : wrap_dim(c.args().int_(dim_arg), static_cast<int64_t>(self.sizes.size()));
  return {call_tensor("scatter.src", zeros, dim, c.result(1), g[0])};
}
Grads sort_backward(const BackwardContext& c, const Grads& g) { return select_values_backward(c, g, 1); }
Grads sort_stable_backward(const BackwardContext& c, const Grads& g) { return select_values_backward(c, g, 2); }

Value argsort_run(const OpArgs& a) { return unpack_tensors(call("sort", a[0], a[1], a[2]))[1].to_value(); }
Value argsort_stable_run(const OpArgs& a) {
  return unpack_tensors(call("sort.stable", a[0], a[1], a[2], a[3]))[1].to_value();
}
Value msort_run(const OpArgs& a) { return unpack_tensors(call("sort", a[0], int64_t{0}, false))[0].to_value(); }

std::vector<TensorSpec> topk_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t k = a.int_(1), dim = self.dim() == 0 ? 0 : wrap_dim(a.int_(2), self.dim());
  check(k >= 0 && k <= (self.dim() > 0 ? self.size(dim) : 1), "selected index k out of range");
  check(self.dtype() != DType::Bool, "topk does not support bool dtypes on CPU");
  SymIntVector sizes = sizes_of(self);
  if (!sizes.empty()) sizes[dim] = k;
  return {contiguous_spec(sizes, self.dtype(), self), contiguous_spec(sizes, DType::Int64, self)};
}
// ATen's topk_impl_loop: partial_sort for small k, else nth_element (+ sort of
// the first k - 1 when sorted), comparing (value, index) pairs by value only.
void topk_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const int64_t k = a.int_(1), dim = self.dim() == 0 ? 0 : wrap_dim(a.int_(2), self.dim());
  const bool largest = a.bool_(3), sorted = a.bool_(4);
  if (k == 0) return;
  if (self.dim() == 0) {
    copy_into(out[0], self);
    *out[1].data<int64_t>() = 0;
    return;
  }
  const int64_t n = self.size(dim);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (!std::is_same_v<T, bool>) {
      using K = SortKey<T>;
      using Elem = std::pair<K, int64_t>;
      std::vector<Elem> queue(static_cast<size_t>(n));
      auto cmp_large = [](const Elem& x, const Elem& y) { return greater_nan_first(x.first, y.first); };
      auto cmp_small = [](const Elem& x, const Elem& y) { return less_nan_last(x.first, y.first); };
      const int64_t is = self.stride(dim), vs = out[0].stride(dim), ix = out[1].stride(dim);
      for_each_slice(self, out[0], dim, [&](int64_t in_off, int64_t out_off) {
        for (int64_t j = 0; j < n; ++j) queue[j] = {static_cast<K>(at<T>(self, in_off + j * is)), j};
        auto run = [&](auto cmp) {
          if (k * 64 <= n) {
            std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), cmp);
          } else {
            std::nth_element(queue.begin(), queue.begin() + k - 1, queue.end(), cmp);
            if (sorted) std::sort(queue.begin(), queue.begin() + k - 1, cmp);
          }
        };
        if (largest) run(cmp_large);
        else run(cmp_small);
        // Output rows of out[1] share out[0]'s layout (both contiguous).
        for (int64_t j = 0; j < k; ++j) {
          at<T>(out[0], out_off + j * vs) = static_cast<T>(queue[j].first);
          out[1].data<int64_t>()[out_off + j * ix] = queue[j].second;
        }
      });
    }
  });
}
Grads topk_backward(const BackwardContext& c, const Grads& g) { return select_values_backward(c, g, 2); }

// ---- embedding ----------------------------------------------------------------------------------------------

void check_embedding_indices(const Tensor& indices, const char* what) {
  if (!is_index_dtype(indices.dtype()))
    fail("Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got " +
         std::string(tensor::legacy_type_name(indices.dtype())) + " instead (while checking arguments for " + what + ")");
}

std::vector<TensorSpec> embedding_meta(const OpArgs& a) {
  Tensor weight = a.tensor(0), indices = a.tensor(1);
  check(weight.dim() == 2, "'weight' must be 2-D");
  check_embedding_indices(indices, "embedding");
  SymIntVector sizes = sizes_of(indices);
  sizes.push_back(weight.sym_size(1));
  return {contiguous_spec(std::move(sizes), weight.dtype(), weight)};
}
void embedding_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor weight = a.tensor(0), indices = call_tensor("reshape", a.tensor(1), IntVector{-1});
  Tensor flat = call_tensor("view", out[0], IntVector{indices.numel(), weight.size(1)});
  IntVector rows = index_values(indices, weight.size(0));
  tensor::visit_dtype(weight.dtype(), [&]<class T>() {
    walk_slices<T>(flat, iota(rows.size()), weight, rows, 0, [](T& d, const T& s) { d = s; });
  });
}
Grads embedding_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  if (a.bool_(4))
    lang::raise(lang::exc::NotImplementedError, "refc: sparse embedding gradients are not supported");
  return {call_tensor("embedding_dense_backward", g[0], c.tensor(1), c.spec_of_arg(0).sizes[0], a[2], a[3])};
}

// embedding_dense_backward(grad_output, indices, num_weights, padding_idx, scale_grad_by_freq)
std::vector<TensorSpec> embedding_dense_backward_meta(const OpArgs& a) {
  Tensor grad = a.tensor(0), indices = a.tensor(1);
  check_embedding_indices(indices, "embedding_backward");
  return {contiguous_spec({a.sym_int(2), grad.sym_sizes().back()}, grad.dtype(), grad)};
}
// Rows of grad_output added into grad_weight[index] in index order (padding_idx skipped,
// each scaled by 1/count with scale_grad_by_freq).
void embedding_dense_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor indices = contiguous(a.tensor(1));
  const int64_t n = indices.numel(), width = out[0].size(1), padding_idx = a.int_(3);
  Tensor grad = call_tensor("reshape", contiguous(a.tensor(0)), IntVector{n, width});
  const bool scale_by_freq = a.bool_(4);
  IntVector counts(static_cast<size_t>(out[0].size(0)), 0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t k = index_at(indices, i);
    if (k < 0 || k >= out[0].size(0)) fail_index("index out of range in self");
    ++counts[k];
  }
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* gw = out[0].data<T>();
    std::fill(gw, gw + out[0].numel(), T(0));
    for (int64_t i = 0; i < n; ++i) {
      const int64_t k = index_at(indices, i);
      if (k == padding_idx) continue;
      const double scale = scale_by_freq ? 1.0 / static_cast<double>(counts[k]) : 1.0;
      for (int64_t j = 0; j < width; ++j) {
        const T g = grad.data<T>()[i * width + j];
        gw[k * width + j] = scale == 1.0 ? static_cast<T>(gw[k * width + j] + g)
                                         : static_cast<T>(gw[k * width + j] + static_cast<T>(scale) * g);
      }
    }
  });
}
// embedding_dense_double_backward: gather the rows back, zero at padding_idx.
Grads embedding_dense_double_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor indices = c.tensor(1);
  Tensor rows = call_tensor("index_select", g[0], 0, call_tensor("reshape", indices, IntVector{-1}));
  const int64_t padding_idx = a.int_(3);
  if (padding_idx >= 0) {
    Tensor flat = contiguous(call_tensor("reshape", indices, IntVector{-1}));
    Tensor mask = Tensor::empty(SymIntVector{flat.numel(), 1}, DType::Bool);
    for (int64_t i = 0; i < flat.numel(); ++i) mask.data<bool>()[i] = index_at(flat, i) == padding_idx;
    rows = call_tensor("masked_fill.Scalar", rows, mask, int64_t{0});
  }
  SymIntVector sizes = sizes_of(indices);
  sizes.push_back(-1);
  return {call_tensor("view", rows, sizes)};
}

} // namespace

void register_index_ops(OpRegistry& r) {
  r.def("gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor").method()
      .structured(gather_meta, gather_kernel).derivative("GatherBackward0", gather_backward).saves({"index"});
  r.def("scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor").method()
      .structured(scatter_meta, scatter_kernel).inplace("scatter_.src")
      .derivative("ScatterBackward0", scatter_src_backward).saves({"index"});
  r.def("scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor").method()
      .structured(scatter_meta, scatter_kernel).inplace("scatter_.value")
      .derivative("ScatterBackward1", scatter_value_backward).saves({"index"});
  r.def("scatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor").method()
      .structured(scatter_meta, scatter_kernel).inplace("scatter_.reduce");
  r.def("scatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor").method()
      .structured(scatter_meta, scatter_kernel).inplace("scatter_.value_reduce");
  r.def("scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor").method()
      .structured(scatter_meta, scatter_kernel).inplace("scatter_add_")
      .derivative("ScatterAddBackward0", scatter_add_backward).saves({"index"});
  r.def("scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor")
      .method().structured(scatter_reduce_meta, scatter_reduce_kernel).inplace("scatter_reduce_.two")
      .derivative("ScatterReduceBackward0", scatter_reduce_backward).saves({"self", "index", "src"}).saves_result();
  r.def("index_select(Tensor self, int dim, Tensor index) -> Tensor").method()
      .structured(index_select_meta, index_select_kernel)
      .derivative("IndexSelectBackward0", index_select_backward).saves({"index"});
  r.def("index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor").method()
      .structured(index_add_meta, index_add_kernel).inplace("index_add_")
      .derivative("IndexAddBackward0", index_add_backward).saves({"index"});
  r.def("index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor").method()
      .structured(index_copy_meta, index_copy_kernel).inplace("index_copy_")
      .derivative("IndexCopyBackward0", index_copy_backward).saves({"index"});
  r.def("index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor").method()
      .structured(index_fill_meta, index_fill_kernel).inplace("index_fill_.int_Scalar")
      .derivative("IndexFillBackward0", index_fill_backward).saves({"index"});
  r.def("index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor").method()
      .structured(index_fill_meta, index_fill_kernel).inplace("index_fill_.int_Tensor")
      .derivative("IndexFillBackward1", index_fill_backward).saves({"index"});
  r.def("take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor").method().composite(take_along_dim_run);
  r.def("searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, "
        "str? side=None, Tensor? sorter=None) -> Tensor").structured(searchsorted_meta, searchsorted_kernel);
  r.def("searchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, "
        "str? side=None, Tensor? sorter=None) -> Tensor").structured(searchsorted_meta, searchsorted_kernel);
  r.def("bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor")
      .composite(bucketize_run);
  r.def("bucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor")
      .composite(bucketize_run);
  r.def("index.Tensor(Tensor self, Tensor?[] indices) -> Tensor").method().structured(index_meta, index_kernel)
      .derivative("IndexBackward0", index_backward).saves({"indices"});
  r.def("index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor").method()
      .structured(index_put_meta, index_put_kernel).inplace("index_put_", kFunction | kMethod)
      .derivative("IndexPutBackward0", index_put_backward).saves({"indices"});
  r.def("take(Tensor self, Tensor index) -> Tensor").method().structured(take_meta, take_kernel)
      .derivative("TakeBackward0", take_backward).saves({"index"});
  r.def("put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor").method()
      .structured(put_meta, put_kernel).inplace("put_").derivative("PutBackward0", put_backward).saves({"index"});
  r.def("masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor").method()
      .structured(masked_fill_meta, masked_fill_kernel).inplace("masked_fill_.Scalar")
      .derivative("MaskedFillBackward0", masked_fill_backward).saves({"mask"});
  r.def("masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor").method()
      .structured(masked_fill_meta, masked_fill_kernel).inplace("masked_fill_.Tensor")
      .derivative("MaskedFillBackward1", masked_fill_backward).saves({"mask"});
  r.def("masked_select(Tensor self, Tensor mask) -> Tensor").method().custom(masked_select_run)
      .derivative("MaskedSelectBackward0", masked_select_backward).saves({"mask"});
  r.def("masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor").method()
      .structured(masked_scatter_meta, masked_scatter_kernel).inplace("masked_scatter_")
      .derivative("MaskedScatterBackward0", masked_scatter_backward).saves({"mask"});
  // torch.nonzero / Tensor.nonzero (with as_tuple) are bound in torch_c_module.cpp.
  r.def("nonzero(Tensor self) -> Tensor").hidden().custom(nonzero_run, nonzero_meta);
  r.def("nonzero_numpy(Tensor self) -> Tensor[]").hidden().composite(nonzero_tuple_run);
  r.def("where(Tensor condition) -> Tensor[]").composite(nonzero_tuple_run);
  r.def("argwhere(Tensor self) -> Tensor").method().composite(argwhere_run);
  r.def("sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)").method()
      .structured(sort_meta, sort_kernel).derivative("SortBackward0", sort_backward).saves_result();
  r.def("sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)")
      .method().structured(sort_meta, sort_kernel).derivative("SortBackward1", sort_stable_backward).saves_result();
  r.def("argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor").method().composite(argsort_run);
  r.def("argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor").method()
      .composite(argsort_stable_run);
  r.def("msort(Tensor self) -> Tensor").method().composite(msort_run);
  r.def("topk(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)")
      .method().structured(topk_meta, topk_kernel).derivative("TopkBackward0", topk_backward).saves_result();
  r.def("embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, "
        "bool sparse=False) -> Tensor")
      .structured(embedding_meta, embedding_kernel).derivative("EmbeddingBackward0", embedding_backward).saves({"indices"});
  r.def("embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, SymInt padding_idx, "
        "bool scale_grad_by_freq) -> Tensor")
      .structured(embedding_dense_backward_meta, embedding_dense_backward_kernel)
      .derivative("EmbeddingDenseBackwardBackward0", embedding_dense_double_backward).saves({"indices"});
}

} // namespace refc::ops
