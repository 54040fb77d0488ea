// Tensor construction.
#include "reference_compiler/tensor/tensor.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>

namespace refc::tensor {

Tensor Tensor::empty(SymIntArrayRef sizes, DType dtype, Device device) {
  return empty_strided(sizes, contiguous_strides(sizes), dtype, device);
}

Tensor Tensor::empty_strided(SymIntArrayRef sizes, SymIntArrayRef strides, DType dtype,
                             Device device) {
  // The storage spans the furthest element any index can reach. With
  // symbolic sizes (a fake tensor: its storage holds no data) the sizes on
  // the example inputs stand in, without guarding.
  int64_t extent = 1;
  bool empty = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const int64_t size = sizes[i].hint();
    if (size == 0) empty = true;
    extent += (size - 1) * strides[i].hint();
  }
  size_t nbytes = empty ? 0 : static_cast<size_t>(std::max<int64_t>(extent, 0)) * itemsize(dtype);
  return alias(tensor_type(), new_storage(nbytes, device), SymIntVector(sizes.begin(), sizes.end()),
               SymIntVector(strides.begin(), strides.end()), 0, dtype);
}

void Tensor::raise_no_data() {
  lang::raise(lang::exc::NotImplementedError, "Cannot copy out of meta tensor; no data!");
}

Tensor Tensor::alias(lang::TypeObject* type, lang::Ref<Storage> storage, SymIntVector sizes,
                     SymIntVector strides, SymInt storage_offset, DType dtype) {
  return Tensor(lang::make<TensorImpl>(type, std::move(storage), std::move(sizes),
                                       std::move(strides), storage_offset, dtype));
}

bool Tensor::requires_grad() const {
  const AutogradMeta* m = impl_->autograd.get();
  return m && (m->requires_grad || m->grad_fn);
}

} // namespace refc::tensor
