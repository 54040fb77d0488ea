// TensorImpl: a tensor as the runtime holds it. It is an interpreter object
// (its Python type is torch.Tensor or a subclass such as nn.Parameter), so a
// tensor has one identity for `id()`, `is` and guards; it views a Storage
// through sizes, strides and a storage offset, all SymInts so that the same
// structure describes concrete tensors and the symbolic ones tracing creates.
// Autograd state hangs off `autograd` and exists only for tensors that take
// part in differentiation.
#pragma once

#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/tensor/device.h"
#include "reference_compiler/tensor/dtype.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/tensor/sym_int.h"

#include <memory>

namespace refc::tensor {

struct AutogradMeta;

struct TensorImpl : lang::Object {
  TensorImpl(lang::TypeObject* type, lang::Ref<Storage> storage, SymIntVector sizes,
             SymIntVector strides, SymInt storage_offset, DType dtype);
  ~TensorImpl() override;

  lang::Ref<Storage> storage;
  // Bumped by every in-place write; shared by a tensor and its views (and
  // detach()), so autograd can tell that a saved tensor was modified.
  std::shared_ptr<uint64_t> version;
  DType dtype;
  bool is_contiguous = true; // cached: strides are the row-major strides of sizes
  // A 0-d tensor made from a Python number (x + 1): it takes part in type
  // promotion with the lowest priority, as PyTorch's wrapped numbers do.
  bool wrapped_number = false;

  int64_t dim() const { return static_cast<int64_t>(sizes_.size()); }
  SymIntArrayRef sym_sizes() const { return sizes_; }
  SymIntArrayRef sym_strides() const { return strides_; }
  const SymInt& sym_storage_offset() const { return storage_offset_; }
  const SymInt& sym_numel() const { return numel_; }
  // Concrete views of the geometry. Every tensor holding data is concrete; a
  // fake tensor with symbolic geometry asked for them (by a meta function
  // written for concrete sizes) is specialized: each symbolic size, stride
  // and offset is guarded to its value and replaced by it.
  IntArrayRef sizes() const { return as_ints(sizes_); }
  IntArrayRef strides() const { return as_ints(strides_); }
  int64_t storage_offset() const { return storage_offset_.expect_int(); }
  int64_t numel() const { return numel_.expect_int(); }
  bool is_symbolic() const { return symbolic_; }
  // Tensor.is_contiguous() as a program asks it: the cached flag, or, for
  // symbolic geometry the flag could not prove, the same test with each
  // comparison a guard (PyTorch's _compute_contiguous).
  bool guarded_contiguous() const;
  Device device() const { return storage->device; }

  // Replaces the geometry (set_, resize_, as_strided_ and friends).
  void set_geometry(SymIntVector sizes, SymIntVector strides, SymInt storage_offset);

  // Address of element 0 (storage data plus offset); null for meta tensors.
  void* data() const {
    return storage->data ? static_cast<char*>(storage->data) + storage_offset() * itemsize(dtype)
                         : nullptr;
  }

  std::unique_ptr<AutogradMeta> autograd; // null: requires_grad=False, no grad_fn, no .grad
  lang::Ref<lang::Dict> attrs;            // attributes a program sets on the tensor, or null

  lang::Dict* attribute_dict(bool create) override;

private:
  IntArrayRef as_ints(const SymIntVector& v) const {
    if (symbolic_) const_cast<TensorImpl*>(this)->specialize_geometry();
    return {reinterpret_cast<const int64_t*>(v.data()), v.size()};
  }
  void specialize_geometry();
  void refresh_cached();

  SymIntVector sizes_, strides_;
  SymInt storage_offset_;
  SymInt numel_;
  bool symbolic_ = false; // some size, stride or the offset is symbolic
};

static_assert(sizeof(SymInt) == sizeof(int64_t), "TensorImpl::sizes() reinterprets SymInts");

// Row-major strides for `sizes` (a size-0 or size-1 dimension gets the stride
// it would have with size 1, as PyTorch computes them).
SymIntVector contiguous_strides(SymIntArrayRef sizes);
IntVector contiguous_strides(IntArrayRef sizes);
SymInt compute_numel(SymIntArrayRef sizes);

} // namespace refc::tensor
