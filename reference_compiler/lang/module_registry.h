// The built-in modules a program can import (module_registry.def): native ones
// built in C++ and standard-library ones written in the Python subset.
#pragma once

#include "reference_compiler/lang/module_object.h"

#include <string>
#include <string_view>
#include <vector>

namespace refc::lang {

// Creates the built-in module `name`, or returns null when there is none.
Ref<Module> create_builtin_module(std::string_view name);
// Names of all built-in modules, in registry order.
std::vector<std::string> builtin_module_names();

} // namespace refc::lang
