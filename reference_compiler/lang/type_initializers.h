// The per-type method registration functions listed in type_initializers.def,
// declared once here. init_builtin_types() calls them in the .def order after
// every type object exists; each type's owner implements its own function.
#pragma once

namespace refc::lang {

#define REFC_TYPE_INIT(fn) void fn();
#include "reference_compiler/lang/type_initializers.def"
#undef REFC_TYPE_INIT

} // namespace refc::lang
