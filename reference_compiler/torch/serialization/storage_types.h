// The legacy storage classes torch.save names in its persistent ids
// (torch.FloatStorage for float32, torch.LongStorage for int64, ...), one per
// dtype, derived from PyTorch's legacy tensor type names.
#pragma once

#include "reference_compiler/tensor/dtype.h"

#include <optional>
#include <string>
#include <string_view>

namespace refc::torch::serialization {

// "FloatStorage" for float32.
std::string storage_type_name(tensor::DType dtype);
// float32 for "FloatStorage"; nullopt for any other name.
std::optional<tensor::DType> storage_type_dtype(std::string_view name);

} // namespace refc::torch::serialization
