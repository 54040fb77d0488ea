// torch._C's functions that torch.library's custom operators (written in
// Python, torch/_library/) need from the runtime: whether ops run on fake
// tensors now (a custom op then runs its fake implementation), and the
// aliasing check 2.14 applies to a custom kernel's outputs.
#pragma once

#include "reference_compiler/lang/module_builder.h"

namespace refc::torch {

// Adds _is_fake_mode_enabled, _set_fake_mode, _is_fake and
// _any_output_is_alias_to_input_or_output to torch._C.
void add_custom_op_functions(lang::ModuleBuilder& m);

} // namespace refc::torch
