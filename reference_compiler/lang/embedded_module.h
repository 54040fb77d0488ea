// EmbeddedModule: a module written in the Python subset whose source is built
// into the binary (cmake/EmbedPython.cmake generates the tables). The
// standard library is one such table; higher layers (the torch package)
// register theirs with register_embedded_modules (module_registry.h).
#pragma once

#include <span>
#include <string_view>

namespace refc::lang {

struct EmbeddedModule {
  std::string_view name;   // dotted: "torch.nn.functional"
  std::string_view source;
  bool is_package;         // an __init__.py
};

} // namespace refc::lang
