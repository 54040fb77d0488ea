// TensorImpl geometry: numel and contiguity are cached because every kernel
// asks for them.
#include "reference_compiler/tensor/tensor_impl.h"

#include "reference_compiler/tensor/autograd_meta.h"

namespace refc::tensor {

TensorImpl::TensorImpl(lang::TypeObject* type, lang::Ref<Storage> storage, SymIntVector sizes,
                       SymIntVector strides, SymInt storage_offset, DType dtype)
    : lang::Object(type), storage(std::move(storage)), version(this->storage->version), dtype(dtype), sizes_(std::move(sizes)),
      strides_(std::move(strides)), storage_offset_(storage_offset) {
  refresh_cached();
}

TensorImpl::~TensorImpl() = default;

lang::Dict* TensorImpl::attribute_dict(bool create) {
  if (!attrs && create) attrs = lang::make_dict();
  return attrs.get();
}

void TensorImpl::set_geometry(SymIntVector sizes, SymIntVector strides, SymInt storage_offset) {
  sizes_ = std::move(sizes);
  strides_ = std::move(strides);
  storage_offset_ = storage_offset;
  refresh_cached();
}

void TensorImpl::refresh_cached() {
  numel_ = compute_numel(sizes_);
  is_contiguous = true;
  if ((numel_ == 0).expect_bool()) return;
  SymInt expected = 1;
  for (size_t i = sizes_.size(); i-- > 0;) {
    if ((sizes_[i] == 1).expect_bool()) continue;
    if ((strides_[i] != expected).expect_bool()) {
      is_contiguous = false;
      return;
    }
    expected *= sizes_[i];
  }
}

SymInt compute_numel(SymIntArrayRef sizes) {
  SymInt n = 1;
  for (const SymInt& s : sizes) n *= s;
  return n;
}

SymIntVector contiguous_strides(SymIntArrayRef sizes) {
  SymIntVector strides(sizes.size());
  SymInt stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= sym_max(sizes[i], 1);
  }
  return strides;
}

IntVector contiguous_strides(IntArrayRef sizes) {
  IntVector strides(sizes.size());
  int64_t stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= sizes[i] > 1 ? sizes[i] : 1;
  }
  return strides;
}

SymIntVector to_sym(IntArrayRef v) { return SymIntVector(v.begin(), v.end()); }

IntVector expect_ints(SymIntArrayRef v) {
  IntVector out;
  out.reserve(v.size());
  for (const SymInt& s : v) out.push_back(s.expect_int());
  return out;
}

} // namespace refc::tensor
