// Gather and scatter: gather, scatter (value, src, reduce), scatter_add and
// scatter_reduce, with their derivatives. Scatter walks each row along `dim`
// in index order, as ATen's CPU kernel does, so duplicate indices resolve as
// in PyTorch (the last write wins, sums accumulate in order).
#include "reference_compiler/ops/index_support.h"

namespace refc::ops {

namespace {

using namespace indexing;

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
  Tensor zeros = call_tensor("new_zeros", g[0], c.spec_of_arg(0).sizes); // grad.new_zeros(self's sizes)
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

} // namespace

void register_scatter_ops(OpRegistry& r) {
  r.def("gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor").method()
      .structured(gather_meta, gather_kernel).derivative("GatherBackward0", gather_backward).saves({"self", "index"});
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
}

} // namespace refc::ops
