// torch.Tensor's methods and properties that are not registry ops (see
// tensor_methods.cpp); the registry's method variants are added by
// op_callables.h.
#pragma once

#include "reference_compiler/lang/type_object.h"

namespace refc::torch {

void init_tensor_methods(lang::TypeObject* tensor_type);

} // namespace refc::torch
