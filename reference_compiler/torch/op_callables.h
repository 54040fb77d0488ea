// The Python callables that front registry ops: torch.<name> functions and
// Tensor.<name> methods, each over every overload of the name with the
// matching variant, and torch.ops.aten.<name>.<overload> objects.
#pragma once

#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/type_object.h"

namespace refc::torch {

// Adds torch.<name> for every op declared as a function variant to `module`'s dict.
void add_op_functions(lang::Module* module);
// Adds Tensor.<name> for every op declared as a method variant.
void add_op_methods(lang::TypeObject* tensor_type);
// The torch.ops namespace object (torch.ops.aten.add.Tensor).
lang::Value make_ops_namespace();

} // namespace refc::torch
