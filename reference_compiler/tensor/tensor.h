// Tensor: the C++ handle to a TensorImpl that kernels, meta functions,
// derivative formulas and the Python bindings pass around. Copying a Tensor
// copies a reference; an empty handle is "no tensor" (an undefined gradient,
// an omitted optional argument).
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/tensor_impl.h"

namespace refc::tensor {

class Tensor {
public:
  Tensor() = default;
  explicit Tensor(lang::Ref<TensorImpl> impl) : impl_(std::move(impl)) {}

  // A tensor with fresh, uninitialised storage (row-major unless strides are given).
  static Tensor empty(SymIntArrayRef sizes, DType dtype, Device device = kCPU);
  static Tensor empty_strided(SymIntArrayRef sizes, SymIntArrayRef strides, DType dtype,
                              Device device = kCPU);
  // A tensor that shares `storage` with the given geometry (views, aliases).
  static Tensor alias(lang::TypeObject* type, lang::Ref<Storage> storage, SymIntVector sizes,
                      SymIntVector strides, SymInt storage_offset, DType dtype);
  // The Tensor held by an interpreter value; the caller has checked it is one.
  static Tensor from_value(const lang::Value& v) {
    return Tensor(lang::Ref<TensorImpl>::borrow(v.as<TensorImpl>()));
  }
  lang::Value to_value() const { return lang::Value(impl_); }

  bool defined() const { return static_cast<bool>(impl_); }
  TensorImpl* impl() const { return impl_.get(); }
  TensorImpl* operator->() const { return impl_.get(); }
  bool is_same(const Tensor& o) const { return impl_.get() == o.impl_.get(); }

  int64_t dim() const { return impl_->dim(); }
  IntArrayRef sizes() const { return impl_->sizes(); }
  IntArrayRef strides() const { return impl_->strides(); }
  SymIntArrayRef sym_sizes() const { return impl_->sym_sizes(); }
  SymIntArrayRef sym_strides() const { return impl_->sym_strides(); }
  // size(d) / stride(d) for a dimension already wrapped into [0, dim()).
  // Negative d counts from the end, as x.size(-1).
  int64_t size(int64_t d) const { return impl_->sizes()[wrap(d)]; }
  int64_t stride(int64_t d) const { return impl_->strides()[wrap(d)]; }
  const SymInt& sym_size(int64_t d) const { return impl_->sym_sizes()[wrap(d)]; }
  int64_t numel() const { return impl_->numel(); }
  int64_t storage_offset() const { return impl_->storage_offset(); }
  DType dtype() const { return impl_->dtype; }
  Device device() const { return impl_->device(); }
  bool is_contiguous() const { return impl_->is_contiguous; }
  // No data, only geometry (a meta tensor or a fake tensor being traced).
  bool has_data() const { return impl_->storage->has_data; }

  // Typed pointer to element 0; T must be the dtype's element type. A tensor
  // without data raises NotImplementedError rather than handing out null.
  template <class T> T* data() const { return static_cast<T*>(raw_data()); }
  void* raw_data() const {
    if (!has_data()) [[unlikely]] raise_no_data();
    return impl_->data();
  }

  // The version counter (bumped by in-place writes, shared with views).
  uint64_t version() const { return *impl_->version; }
  void bump_version() const { ++*impl_->version; }

  bool requires_grad() const;

private:
  [[noreturn]] static void raise_no_data();
  size_t wrap(int64_t d) const { return static_cast<size_t>(d < 0 ? d + dim() : d); }

  lang::Ref<TensorImpl> impl_;
};

using TensorList = std::span<const Tensor>;

} // namespace refc::tensor
