// The plain built-in functions of the builtins module (print, len, sorted,
// min, max, isinstance, getattr, iter, next, ...). The interpreter creates the
// builtins dict (types, exceptions, __build_class__, super, ...) and then calls
// init_builtin_functions to add these.
#pragma once

#include "reference_compiler/lang/dict_object.h"

namespace refc::lang {

// Registers every plain built-in function into `builtins`.
void init_builtin_functions(Dict* builtins);

} // namespace refc::lang
