// The torch package as programs import it: torch._C (native, torch_c_module.cpp)
// and the modules written in the Python subset under python/torch/, built
// into the binary. install() registers both with the interpreter's module
// registry; call it once before running a program.
#pragma once

#include "reference_compiler/lang/module_object.h"

namespace refc::torch {

void install();
lang::Ref<lang::Module> create_torch_c_module();
// torch._C._logging (logging_module.cpp).
lang::Value create_logging_module();

} // namespace refc::torch
