// Reductions: sum, mean and sum_to_size (what autograd uses to undo
// broadcasting).
#include "reference_compiler/ops/reduction_kernels.h"

#include "reference_compiler/ops/op_family.h"

namespace refc::ops {

using lang::Value;
using tensor::SymInt;
using tensor::SymIntVector;

uint64_t reduction_mask(int64_t ndim, const std::optional<tensor::IntVector>& dims) {
  if (!dims || dims->empty()) return ndim >= 64 ? ~uint64_t{0} : (uint64_t{1} << ndim) - 1;
  if (ndim == 0) {
    for (int64_t d : *dims) wrap_dim(d, 0);
    return 0;
  }
  return dim_mask(*dims, ndim);
}

SymIntVector reduced_sizes(const Tensor& self, uint64_t mask, bool keepdim) {
  SymIntVector sizes;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (mask >> d & 1) {
      if (keepdim) sizes.push_back(1);
    } else {
      sizes.push_back(self.sym_size(d));
    }
  }
  return sizes;
}

TensorSpec reduction_spec(const Tensor& self, uint64_t mask, bool keepdim, DType dtype) {
  SymIntVector sizes = reduced_sizes(self, mask, keepdim);
  SymIntVector strides = tensor::contiguous_strides(sizes);
  return TensorSpec{std::move(sizes), std::move(strides), 0, dtype, self.device()};
}

Tensor broadcast_accumulator(const Tensor& acc, const Tensor& self) {
  SymIntVector strides(static_cast<size_t>(self.dim()), 0);
  SymInt stride = 1;
  for (int64_t d = self.dim() - 1; d >= 0; --d) {
    if (acc.sym_size(d) == 1) continue; // reduced (or size 1): stride 0
    strides[d] = stride;
    stride *= self.sym_size(d);
  }
  return Tensor::alias(acc->type, acc->storage, {self.sym_sizes().begin(), self.sym_sizes().end()},
                       std::move(strides), acc->sym_storage_offset(), acc.dtype());
}

namespace {

using Grads = std::vector<Tensor>;

// sum/mean keep floating inputs' dtype and turn bool and integers into int64.
DType sum_dtype(const Tensor& self, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return tensor::is_floating(self.dtype()) ? self.dtype() : DType::Int64;
}

// Accumulation type: float for 16- and 32-bit floats, double, int64 for integers.
template <class T> using AccOf = std::conditional_t<
    std::is_same_v<T, double>, double,
    std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, tensor::Half> ||
                           std::is_same_v<T, tensor::BFloat16>,
                       float, int64_t>>;

// sum(self, dims, keepdim, dtype) and sum(self, dtype): dims at 1 or none.
struct SumArgs {
  std::optional<tensor::IntVector> dims;
  bool keepdim = false;
  std::optional<DType> dtype;
};
SumArgs sum_args(const OpArgs& a) {
  if (a.size() == 2) return {std::nullopt, false, a.dtype(1)};
  return {a.optional_int_list(1), a.bool_(2), a.dtype(3)};
}

std::vector<TensorSpec> sum_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SumArgs s = sum_args(a);
  return {reduction_spec(self, reduction_mask(self.dim(), s.dims), s.keepdim, sum_dtype(self, s.dtype))};
}

std::vector<TensorSpec> mean_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SumArgs s = sum_args(a);
  DType out = s.dtype ? *s.dtype : self.dtype();
  if (!tensor::is_floating(out))
    fail("mean(): could not infer output dtype. " + std::string(s.dtype ? "Optional" : "Input") +
         " dtype must be either a floating point or complex dtype. Got: " + std::string(tensor::scalar_type_name(out)));
  return {reduction_spec(self, reduction_mask(self.dim(), s.dims), s.keepdim, out)};
}

// Sums `self` (converted to the output dtype) into out; divides by the count for mean.
template <bool kMean> void sum_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = to_dtype(a.tensor(0), out[0].dtype());
  SumArgs s = sum_args(a);
  uint64_t mask = reduction_mask(self.dim(), s.dims);
  int64_t count = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (mask >> d & 1) count *= self.size(d);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = AccOf<T>;
    Tensor acc = Tensor::empty(reduced_sizes(self, mask, true), tensor::dtype_of<A>);
    A* p = acc.data<A>();
    for (int64_t i = 0; i < acc.numel(); ++i) p[i] = A(0);
    if constexpr (std::is_same_v<T, bool>) {
      reduce_into<A, T>(acc, self, [](A v, T x) { return v + (x ? 1 : 0); });
    } else {
      reduce_into<A, T>(acc, self, [](A v, T x) { return static_cast<A>(v + static_cast<A>(x)); });
    }
    if constexpr (kMean) {
      for (int64_t i = 0; i < acc.numel(); ++i) p[i] = static_cast<A>(p[i] / static_cast<A>(count));
    }
    Tensor result = Tensor::alias(acc->type, acc->storage, {out[0].sym_sizes().begin(), out[0].sym_sizes().end()},
                                  {out[0].sym_strides().begin(), out[0].sym_strides().end()}, 0, acc.dtype());
    copy_into(out[0], result);
  });
}

Grads sum_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& in = c.spec_of_arg(0);
  OpArgs a = c.args();
  Tensor grad = g[0];
  if (a.size() > 2 && !a.bool_(2)) {
    // Put the reduced dims back as size 1 before expanding.
    int64_t nd = static_cast<int64_t>(in.sizes.size());
    uint64_t mask = reduction_mask(nd, a.optional_int_list(1));
    for (int64_t d = 0; d < nd; ++d)
      if (mask >> d & 1) grad = call_tensor("unsqueeze", grad, d);
  }
  return {call_tensor("expand", grad, in.sizes)};
}

Grads mean_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& in = c.spec_of_arg(0);
  Grads expanded = sum_backward(c, g);
  int64_t in_numel = tensor::compute_numel(in.sizes).expect_int();
  int64_t out_numel = tensor::compute_numel(g[0].sym_sizes()).expect_int();
  int64_t count = out_numel == 0 ? 0 : in_numel / out_numel;
  return {call_tensor("div.Tensor", expanded[0], count)};
}

// Sums `self` down to `size` (the inverse of expanding size to self's shape).
Value sum_to_size_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector size = a.sym_int_list(1);
  int64_t lead = self.dim() - static_cast<int64_t>(size.size());
  check(lead >= 0, "size {" + shape_str(size) + "} is not expandable to size {" + shape_str(self.sym_sizes()) + "}.");
  tensor::IntVector dims;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d < lead || ((size[d - lead] == 1).expect_bool() && !(self.sym_size(d) == 1).expect_bool())) dims.push_back(d);
  Tensor out = self;
  if (!dims.empty()) out = call_tensor("sum.dim_IntList", self, dims, true);
  if (lead > 0) out = call_tensor("view", out, size);
  return out.to_value();
}

} // namespace

void register_reduction_ops(OpRegistry& r) {
  r.def("sum(Tensor self, *, ScalarType? dtype=None) -> Tensor").method().structured(sum_meta, sum_kernel<false>)
      .derivative("SumBackward0", sum_backward);
  r.def("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .method().structured(sum_meta, sum_kernel<false>).derivative("SumBackward1", sum_backward);
  r.def("mean(Tensor self, *, ScalarType? dtype=None) -> Tensor").method().structured(mean_meta, sum_kernel<true>)
      .derivative("MeanBackward0", mean_backward);
  r.def("mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .method().structured(mean_meta, sum_kernel<true>).derivative("MeanBackward1", mean_backward);
  r.def("sum_to_size(Tensor self, SymInt[] size) -> Tensor").hidden().method().composite(sum_to_size_run);
}

} // namespace refc::ops
