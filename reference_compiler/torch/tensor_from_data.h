// torch.tensor(data) and Tensor.tolist(): conversion between nested Python
// sequences of numbers and tensors, with PyTorch's dtype inference (bool, then
// int64, then the default float dtype, promoted across all elements) and its
// messages for ragged or non-numeric data.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/tensor.h"

#include <optional>

namespace refc::torch {

tensor::Tensor tensor_from_data(const lang::Value& data, std::optional<tensor::DType> dtype);
lang::Value tensor_to_list(const tensor::Tensor& t);

} // namespace refc::torch
