// The built-in modules a program can import: the interpreter's own
// (module_registry.def: native ones built in C++ and standard-library ones
// written in the Python subset) and those the layers above add before a
// program runs (the torch package).
#pragma once

#include "reference_compiler/lang/embedded_module.h"
#include "reference_compiler/lang/module_object.h"

#include <string>
#include <string_view>
#include <vector>

namespace refc::lang {

// Creates the built-in module `name`, or returns null when there is none.
Ref<Module> create_builtin_module(std::string_view name);
// Names of all built-in modules, in registry order.
std::vector<std::string> builtin_module_names();

// Adds a native module made by `create` on first import. A name registered
// already keeps its first registration, so a layer's install() may run twice.
void register_native_module(std::string name, Ref<Module> (*create)());
// Adds every module of an embedded table (run on first import), as above.
void register_embedded_modules(std::span<const EmbeddedModule> modules);

} // namespace refc::lang
