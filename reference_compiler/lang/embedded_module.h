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

// Declares FUNCTION, the table cmake/EmbedPython.cmake generates for a
// layer's Python sources (refc_embed_python(TARGET DIR FUNCTION)); used at
// file scope by the layer that registers it.
#define REFC_EMBEDDED_MODULES(FUNCTION)                                                            \
  namespace refc::lang {                                                                           \
  std::span<const EmbeddedModule> FUNCTION();                                                      \
  }
