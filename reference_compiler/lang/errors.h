// PyError, the C++ exception that carries a raised Python exception through
// native code, and the helpers that raise one with CPython's wording.
// Internal invariants use REFC_CHECK, which raises SystemError naming file:line
// instead of aborting: nothing reachable from a program may crash the process.
#pragma once

#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <string>

namespace refc::lang {

struct PyError {
  Value exc; // an ExceptionObject
};

// A new instance of exception class `type` with args (message,) — or () when
// the message is empty.
Value new_exception(TypeObject* type, std::string message);
[[noreturn]] void raise(TypeObject* type, std::string message);
// Raises an exception instance, or instantiates an exception class with no args.
[[noreturn]] void raise(Value exception_or_class);
// OverflowError for an int result outside 64 bits.
[[noreturn]] void raise_int_overflow();

[[noreturn]] void internal_error(const char* file, int line, const std::string& what);

} // namespace refc::lang

#define REFC_CHECK(cond, what)                                                        \
  do {                                                                                \
    if (!(cond)) ::refc::lang::internal_error(__FILE__, __LINE__, (what));             \
  } while (0)
