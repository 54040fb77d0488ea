// The storage class names of torch.save (see storage_types.h).
#include "reference_compiler/torch/serialization/storage_types.h"

namespace refc::torch::serialization {

std::string storage_type_name(tensor::DType dtype) {
  // "torch.FloatTensor" -> "FloatStorage"
  std::string_view legacy = tensor::legacy_type_name(dtype);
  legacy.remove_prefix(legacy.find('.') + 1);
  legacy.remove_suffix(std::string_view("Tensor").size());
  return std::string(legacy) + "Storage";
}

std::optional<tensor::DType> storage_type_dtype(std::string_view name) {
#define REFC_DTYPE(e, cxx, py, short_name, fp, integral) \
  if (name == storage_type_name(tensor::DType::e)) return tensor::DType::e;
#include "reference_compiler/tensor/dtypes.def"
#undef REFC_DTYPE
  return std::nullopt;
}

} // namespace refc::torch::serialization
