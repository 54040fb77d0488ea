// The Python callables that front registry ops: torch.<name> functions and
// Tensor.<name> methods, each over every overload of the name with the
// matching variant, and torch.ops.aten.<name>.<overload> objects.
#pragma once

#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/ops/op_registry.h"

namespace refc::torch {

// Adds torch.<name> for every op declared as a function variant to `module`'s dict.
void add_op_functions(lang::Module* module);
// Adds Tensor.<name> for every op declared as a method variant.
void add_op_methods(lang::TypeObject* tensor_type);
// The torch.ops namespace object (torch.ops.aten.add.Tensor).
lang::Value make_ops_namespace();

// torch.ops.aten.<name>.<overload> for `op` (what ATen-level graph nodes call).
lang::Value aten_overload(const ops::OpDef& op);
// "aten.<name>.<overload>": the op as its torch.ops.aten object prints.
std::string aten_name(const ops::OpDef& op);
// "torch.ops.aten.<name>.<overload>": how graph code names the op (a node's target).
std::string aten_target(const ops::OpDef& op);
// The op behind a torch.ops.aten.<name>.<overload> object; null for any other value.
const ops::OpDef* aten_op_of(const lang::Value& callable);

} // namespace refc::torch
