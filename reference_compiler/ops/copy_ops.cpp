// Copies and conversions: copy_ (with broadcasting and dtype conversion),
// clone, _to_copy, contiguous, to, fill_ and zero_.
#include "reference_compiler/ops/op_family.h"

#include <cstring>

namespace refc::ops {

void fill_tensor_with(const Tensor& t, const tensor::Scalar& s); // creation_ops.cpp

namespace {

bool non_overlapping_and_dense(const Tensor& t) {
  if (t.is_contiguous()) return true;
  // Dense when the strides, sorted, are the contiguous strides of the sizes sorted alike.
  std::vector<int64_t> perm(static_cast<size_t>(t.dim()));
  for (int64_t i = 0; i < t.dim(); ++i) perm[i] = i;
  std::sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    return t.size(a) < 2 ? false : t.size(b) < 2 ? true : t.stride(a) < t.stride(b);
  });
  int64_t expected = 1;
  for (int64_t d : perm) {
    if (t.size(d) == 1) continue;
    if (t.stride(d) != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

// preserve_format: keep dense layouts, otherwise follow the memory order.
// Symbolic geometry goes the way of 2.14's fake tensors (prims.clone's meta):
// straight to the elementwise output strides, which are a dense layout's own
// strides, so no size or stride is specialized by a density test.
TensorSpec preserved_spec(const Tensor& self, DType dtype, std::optional<std::string_view> format) {
  TensorSpec s;
  s.sizes.assign(self.sym_sizes().begin(), self.sym_sizes().end());
  s.dtype = dtype;
  s.device = self.device();
  if (format && *format == "contiguous_format") s.strides = tensor::contiguous_strides(s.sizes);
  else if (!self->is_symbolic() && non_overlapping_and_dense(self))
    s.strides.assign(self.sym_strides().begin(), self.sym_strides().end());
  else s.strides = layout_following_strides(s.sizes, std::span<const Tensor>(&self, 1));
  return s;
}

// ---- copy_ ------------------------------------------------------------------------------

std::vector<TensorSpec> copy_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), src = a.tensor(1);
  SymIntVector b = broadcast_shapes(self.sym_sizes(), src.sym_sizes());
  TensorSpec s = preserved_spec(self, self.dtype(), std::nullopt);
  if (b.size() != s.sizes.size())
    fail("output with shape " + shape_str(self.sym_sizes()) + " doesn't match the broadcast shape " + shape_str(b));
  return {s};
}
void copy_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor src = a.tensor(1);
  // Copying a tensor onto itself, or onto memory it overlaps, goes through a temporary.
  if (src->storage.get() == out[0]->storage.get() && !src.is_same(out[0])) {
    Tensor tmp = Tensor::empty(src.sym_sizes(), src.dtype());
    copy_into(tmp, src);
    src = tmp;
  }
  copy_into(out[0], src);
}
Grads copy_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("zeros_like", g[0]);
  if (c.needs_grad_of_arg(1)) out[1] = g[0];
  return out;
}

// ---- clone / _to_copy ---------------------------------------------------------------------

std::vector<TensorSpec> clone_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {preserved_spec(self, self.dtype(), a.optional_str(1))};
}
void copy_from_self(const OpArgs& a, std::span<const Tensor> out) { copy_into(out[0], a.tensor(0)); }
Grads identity_backward(const BackwardContext&, const Grads& g) { return {g[0]}; }

// _to_copy(self, *, dtype, layout, device, pin_memory, non_blocking, memory_format)
std::vector<TensorSpec> to_copy_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  TensorSpec s = preserved_spec(self, a.dtype(1).value_or(self.dtype()), a.optional_str(6));
  if (auto d = a.device(3)) s.device = *d;
  return {s};
}
Grads to_copy_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("_to_copy", g[0], c.spec_of_arg(0).dtype)};
}

Value contiguous_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  if (self.is_contiguous()) return self.to_value();
  return call("clone", self, "contiguous_format");
}

// to(self, dtype, non_blocking, copy, memory_format) and the device / other forms.
Value to_impl(const Tensor& self, DType dtype, tensor::Device device, bool copy,
              std::optional<std::string_view> format) {
  bool keep_format = !format || *format == "preserve_format" ||
                     (*format == "contiguous_format" && self.is_contiguous());
  if (!copy && dtype == self.dtype() && device == self.device() && keep_format) return self.to_value();
  return call("_to_copy", self, dtype, std::nullopt, device, std::nullopt, false,
              format ? Value(lang::str_value(std::string(*format))) : Value::none());
}
Value to_dtype_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return to_impl(self, *a.dtype(1), self.device(), a.bool_(3), a.optional_str(4));
}
Value to_device_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return to_impl(self, *a.dtype(2), *a.device(1), a.bool_(4), a.optional_str(5));
}
Value to_dtype_layout_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return to_impl(self, a.dtype(1).value_or(self.dtype()), a.device(3).value_or(self.device()), a.bool_(6),
                 a.optional_str(7));
}
Value to_other_run(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  return to_impl(self, other.dtype(), other.device(), a.bool_(3), a.optional_str(4));
}

// ---- fill / zero ----------------------------------------------------------------------------

std::vector<TensorSpec> same_as_self_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {preserved_spec(self, self.dtype(), std::nullopt)};
}
void fill_kernel(const OpArgs& a, std::span<const Tensor> out) { fill_tensor_with(out[0], a.scalar(1)); }
std::vector<TensorSpec> fill_tensor_meta(const OpArgs& a) {
  Tensor value = a.tensor(1);
  check(value.dim() == 0, "fill_ only supports 0-dimension value tensor but got tensor with " +
                              std::to_string(value.dim()) + " dimensions.");
  return same_as_self_meta(a);
}
void fill_tensor_kernel(const OpArgs& a, std::span<const Tensor> out) { copy_into(out[0], a.tensor(1)); }
void zero_kernel(const OpArgs&, std::span<const Tensor> out) {
  fill_tensor_with(out[0], tensor::Scalar(int64_t{0}));
}
Grads fill_tensor_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("zeros_like", g[0]);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("sum", g[0]);
  return out;
}

} // namespace

void register_copy_ops(OpRegistry& r) {
  r.def("copy(Tensor self, Tensor src, bool non_blocking=False) -> Tensor").hidden()
      .structured(copy_meta, copy_kernel).inplace("copy_").derivative("CopyBackwards", copy_backward);
  r.def("clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor").method()
      .structured(clone_meta, copy_from_self).derivative("CloneBackward0", identity_backward);
  r.def("_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor")
      .structured(to_copy_meta, copy_from_self).derivative("ToCopyBackward0", to_copy_backward);
  r.def("contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)")
      .hidden().method().composite(contiguous_run);
  r.def("to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, "
        "MemoryFormat? memory_format=None) -> Tensor(a)").hidden().method().composite(to_dtype_run);
  r.def("to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, bool copy=False, "
        "MemoryFormat? memory_format=None) -> Tensor(a)").hidden().method().composite(to_device_run);
  r.def("to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=None, bool non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)")
      .hidden().method().composite(to_dtype_layout_run);
  r.def("to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, "
        "MemoryFormat? memory_format=None) -> Tensor(a)").hidden().method().composite(to_other_run);
  r.def("fill.Scalar(Tensor self, Scalar value) -> Tensor").hidden()
      .structured(same_as_self_meta, fill_kernel).inplace("fill_.Scalar").derivative("FillBackward0", zero_derivative);
  r.def("fill.Tensor(Tensor self, Tensor value) -> Tensor").hidden()
      .structured(fill_tensor_meta, fill_tensor_kernel).inplace("fill_.Tensor")
      .derivative("FillBackward1", fill_tensor_backward);
  r.def("zero(Tensor self) -> Tensor").hidden().structured(same_as_self_meta, zero_kernel).inplace("zero_")
      .derivative("ZeroBackward0", zero_derivative);
}

} // namespace refc::ops
