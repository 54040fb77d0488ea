// The built-in module registry (module_registry.h): each line of
// module_registry.def names a module and how to create it — a C++ function for
// native modules, or the embedded source of a standard-library module written
// in the Python subset, run with run_module_source() on first import.
#include "reference_compiler/lang/module_registry.h"

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"

namespace refc::lang {

#define REFC_NATIVE_MODULE(name, create) Ref<Module> create();
#define REFC_PYTHON_MODULE(name)
#include "reference_compiler/lang/module_registry.def"
#undef REFC_NATIVE_MODULE
#undef REFC_PYTHON_MODULE

// Defined in the source that stdlib/embed.cmake generates from stdlib/*.py:
// the text of stdlib/<name>.py, or an empty view when there is no such file.
std::string_view embedded_stdlib_source(std::string_view name);

namespace {

Ref<Module> create_python_module(std::string_view name) {
  std::string_view source = embedded_stdlib_source(name);
  REFC_CHECK(!source.empty(), "no embedded source for stdlib module " + std::string(name));
  // CPython's convention for modules whose source is built into the binary.
  return run_module_source(std::string(name), "<frozen " + std::string(name) + ">", source);
}

} // namespace

Ref<Module> create_builtin_module(std::string_view name) {
#define REFC_NATIVE_MODULE(n, create)                                                          \
  if (name == n) return create();
#define REFC_PYTHON_MODULE(n)                                                                  \
  if (name == n) return create_python_module(name);
#include "reference_compiler/lang/module_registry.def"
#undef REFC_NATIVE_MODULE
#undef REFC_PYTHON_MODULE
  return nullptr;
}

std::vector<std::string> builtin_module_names() {
  return {
#define REFC_NATIVE_MODULE(n, create) n,
#define REFC_PYTHON_MODULE(n) n,
#include "reference_compiler/lang/module_registry.def"
#undef REFC_NATIVE_MODULE
#undef REFC_PYTHON_MODULE
  };
}

} // namespace refc::lang
