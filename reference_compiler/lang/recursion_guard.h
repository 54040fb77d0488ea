// RecursionGuard: counts a level of native recursion (repr of a nested list,
// comparison of nested tuples, a __call__ chain) against the interpreter's
// recursion limit, like CPython's Py_EnterRecursiveCall, so that deep or
// cyclic structures raise RecursionError instead of exhausting the C++ stack.
#pragma once

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"

#include <string>

namespace refc::lang {

class RecursionGuard {
public:
  // `where` completes the message: " while getting the repr of an object",
  // " in comparison", ...
  explicit RecursionGuard(const char* where) : in_(interp()) {
    if (++in_.depth > in_.recursion_limit) {
      --in_.depth;
      raise(exc::RecursionError, std::string("maximum recursion depth exceeded") + where);
    }
  }
  ~RecursionGuard() { --in_.depth; }
  RecursionGuard(const RecursionGuard&) = delete;
  RecursionGuard& operator=(const RecursionGuard&) = delete;

private:
  Interpreter& in_;
};

} // namespace refc::lang
