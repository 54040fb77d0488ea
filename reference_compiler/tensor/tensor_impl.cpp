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
  symbolic_ = any_symbolic(sizes_) || any_symbolic(strides_) || storage_offset_.is_symbolic();
  // Contiguity of symbolic geometry is what is known without guarding
  // (PyTorch's definitely-contiguous): tracing must not specialize on it.
  is_contiguous = true;
  if (numel_.maybe_int() == 0) return;
  SymInt expected = 1;
  for (size_t i = sizes_.size(); i-- > 0;) {
    if (sizes_[i].maybe_int() == 1) continue;
    if (!(strides_[i] == expected).statically_true()) {
      is_contiguous = false;
      return;
    }
    expected *= sizes_[i];
  }
}

bool TensorImpl::guarded_contiguous() const {
  if (is_contiguous || !symbolic_) return is_contiguous;
  if (static_cast<bool>(numel_ == SymInt(0))) return true;
  SymInt expected = 1;
  for (size_t i = sizes_.size(); i-- > 0;) {
    if (static_cast<bool>(sizes_[i] == SymInt(1))) continue;
    if (!static_cast<bool>(strides_[i] == expected)) return false;
    expected *= sizes_[i];
  }
  return true;
}

void TensorImpl::specialize_geometry() {
  for (SymInt& s : sizes_) s = s.expect_int();
  for (SymInt& s : strides_) s = s.expect_int();
  storage_offset_ = storage_offset_.expect_int();
  refresh_cached();
}

SymInt compute_numel(SymIntArrayRef sizes) {
  SymInt n = 1;
  for (const SymInt& s : sizes) n *= s;
  return n;
}

namespace {

SymInt at_least_one(const SymInt& size) { return sym_max(size, 1); }
int64_t at_least_one(int64_t size) { return size > 1 ? size : 1; }

// Row-major strides of `sizes`, a size-0 or size-1 dim stepping as one.
template <class Strides, class Sizes> Strides row_major_strides(Sizes sizes) {
  Strides strides(sizes.size());
  typename Strides::value_type stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= at_least_one(sizes[i]);
  }
  return strides;
}

} // namespace

SymIntVector contiguous_strides(SymIntArrayRef sizes) { return row_major_strides<SymIntVector>(sizes); }
IntVector contiguous_strides(IntArrayRef sizes) { return row_major_strides<IntVector>(sizes); }

} // namespace refc::tensor
