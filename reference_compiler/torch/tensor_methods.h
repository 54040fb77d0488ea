// torch.Tensor's methods and properties that are not registry ops (see
// tensor_methods.cpp); the registry's method variants are added by
// op_callables.h.
#pragma once

#include "reference_compiler/lang/type_object.h"

namespace refc::torch {

void init_tensor_methods(lang::TypeObject* tensor_type);
// The methods whose Python signatures are not their schemas' (Tensor.to's
// python_arg_parser signatures take a device alone, to.device's schema does
// not): set after the registry's method variants, which they replace.
void init_tensor_method_overrides(lang::TypeObject* tensor_type);

} // namespace refc::torch
