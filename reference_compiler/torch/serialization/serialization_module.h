// torch._C._serialization: the native half of torch.save and torch.load
// (torch/serialization.py holds the Python half: arguments, map_location,
// weights_only messages).
#pragma once

#include "reference_compiler/lang/module_object.h"

namespace refc::torch {

lang::Ref<lang::Module> create_serialization_module();

} // namespace refc::torch
