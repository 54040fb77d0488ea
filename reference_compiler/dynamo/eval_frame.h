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

#include <string>
#include <vector>

namespace refc::dynamo {

// Registers torch._C._dynamo with the interpreter.
void install();

// What the cache holds for one code object, for tools that judge the
// guards (the fuzzer's precision oracle): how often it was compiled and the
// guards of each entry still cached, most recent first.
struct CachedCode {
  std::string name;
  int first_line = 0;
  int compiles = 0;
  std::vector<std::string> guards;
};
// Every compiled code object since the last reset, in the order first compiled.
std::vector<CachedCode> cached_codes();

// The function a torch.compile wrapper compiles, or Null when `f` is not one.
lang::Value compiled_function_target(const lang::Value& f);

} // namespace refc::dynamo
