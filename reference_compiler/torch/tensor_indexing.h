// Tensor.__getitem__ and Tensor.__setitem__: Python indexing of tensors, as
// PyTorch's python_variable_indexing.cpp does it. Integers select, slices
// slice, None unsqueezes, Ellipsis skips, bools add a dimension, and tensors
// and lists index "advanced"-style through aten.index / aten.index_put_;
// basic indexing returns a view, so writes through it reach the base.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/tensor.h"

namespace refc::torch {

lang::Value tensor_getitem(const tensor::Tensor& self, const lang::Value& index);
void tensor_setitem(const tensor::Tensor& self, const lang::Value& index, const lang::Value& value);

} // namespace refc::torch
