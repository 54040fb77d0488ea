// eval_frame: where compiled code meets the interpreter. A call through a
// torch.compile wrapper makes its compile context current; while one is, the
// frame hook looks up every Python frame's code in a cache of entries (most
// recent first), runs the first entry whose guards pass, and otherwise
// compiles the frame (convert_frame) — counting recompilations against
// cache_size_limit and accumulated_cache_size_limit, logging why each one
// happened, and running frames eagerly once a limit is hit. Also builds the
// torch._C._dynamo module, the Python surface of all this.
#pragma once

#include "reference_compiler/lang/value.h"

namespace refc::dynamo {

// Registers torch._C._dynamo with the interpreter (once).
void install();

// The function a torch.compile wrapper compiles, or Null when `f` is not one.
lang::Value compiled_function_target(const lang::Value& f);

} // namespace refc::dynamo
