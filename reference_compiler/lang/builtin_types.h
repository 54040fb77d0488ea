// The built-in type objects (builtin_types.def) and exception classes
// (exceptions.def) as C++ globals, and the start-up sequence that creates them
// and fills their method tables.
#pragma once

#include "reference_compiler/lang/type_object.h"

namespace refc::lang {

namespace types {
#define REFC_TYPE(cxx, py, base, layout) inline TypeObject* cxx = nullptr;
#include "reference_compiler/lang/builtin_types.def"
#undef REFC_TYPE
} // namespace types

namespace exc {
#define REFC_EXCEPTION(name, base) inline TypeObject* name = nullptr;
#include "reference_compiler/lang/exceptions.def"
#undef REFC_EXCEPTION
} // namespace exc

// Creates every built-in type and exception class, then runs each type's method
// registration (the list in builtin_types.cpp). Idempotent; called by
// Interpreter start-up and by unit tests.
void init_builtin_types();

} // namespace refc::lang
