// Masked ops and nonzero: masked_fill / masked_select / masked_scatter,
// nonzero (its size is data-dependent: data_dependent_sizes.h), the
// one-argument where and argwhere. The masked ops walk the indexing result in
// row-major order, as ATen's CPU kernels do.
#include "reference_compiler/ops/index_support.h"
#include "reference_compiler/ops/data_dependent_sizes.h"

namespace refc::ops {

namespace {

using namespace indexing;

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
  // The mask broadcasts against self (so it is "tensor a" in a mismatch message, as in ATen).
  return {contiguous_spec(broadcast_shapes(mask.sym_sizes(), self.sym_sizes()), self.dtype(), self)};
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

} // namespace

void register_masked_ops(OpRegistry& r) {
  r.def("masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor").method()
      .structured(masked_fill_meta, masked_fill_kernel).inplace("masked_fill_.Scalar")
      .derivative("MaskedFillBackward0", masked_fill_backward).saves({"mask"});
  r.def("masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor").method()
      .structured(masked_fill_meta, masked_fill_kernel).inplace("masked_fill_.Tensor")
      .derivative("MaskedFillBackward1", masked_fill_backward).saves({"mask"});
  r.def("masked_select(Tensor self, Tensor mask) -> Tensor").method().custom(masked_select_run)
      .derivative("MaskedSelectBackward0", masked_select_backward).saves({"self", "mask"});
  r.def("masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor").method()
      .structured(masked_scatter_meta, masked_scatter_kernel).inplace("masked_scatter_")
      .derivative("MaskedScatterBackward0", masked_scatter_backward).saves({"mask"});
  // torch.nonzero / Tensor.nonzero (with as_tuple) are bound in torch_c_module.cpp.
  r.def("nonzero(Tensor self) -> Tensor").hidden().custom(nonzero_run, nonzero_meta);
  r.def("nonzero_numpy(Tensor self) -> Tensor[]").hidden().composite(nonzero_tuple_run);
  r.def("where(Tensor condition) -> Tensor[]").composite(nonzero_tuple_run);
  r.def("argwhere(Tensor self) -> Tensor").method().composite(argwhere_run);
}

} // namespace refc::ops
