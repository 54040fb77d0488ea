// Module: a named namespace (its globals dict). Built-in modules are created on
// first import from the module registry (module_registry.def).
#pragma once

#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/object.h"

#include <string>

namespace refc::lang {

struct Module : Object {
  explicit Module(std::string name);
  std::string name;
  Ref<Dict> dict; // holds __name__ and the module's globals
};

Ref<Module> make_module(std::string name);

} // namespace refc::lang
