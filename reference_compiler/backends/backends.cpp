// The backend registry (see backends.h and backends.def).
#include "reference_compiler/backends/backends.h"

#include "reference_compiler/dynamo/python_side.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/interpreter.h"

#include <algorithm>
#include <string_view>

namespace refc::backends {

using lang::Value;

namespace {

struct Backend {
  const char* name;
  bool available;
  std::string_view tags; // one tag or none
};

constexpr Backend kBackends[] = {
#define REFC_BACKEND(name, available, tags) {#name, available, tags},
#include "reference_compiler/backends/backends.def"
#undef REFC_BACKEND
};

} // namespace

Value lookup_backend(const std::string& name) {
  for (const Backend& b : kBackends) {
    if (name != b.name) continue;
    if (!b.available)
      dynamo::raise_dynamo_exception("BackendNotAvailable", "backend='" + name +
                                                                "' is not available yet in refc; available backends: see "
                                                                "torch._dynamo.list_backends()");
    return lang::getattr(Value(lang::import_module("torch._dynamo.backends.registry")), lang::intern(name));
  }
  dynamo::raise_dynamo_exception("InvalidBackend", "Invalid backend: '" + name +
                                                       "', see `torch._dynamo.list_backends()` for available backends.");
}

std::vector<std::string> list_backends(const std::vector<std::string>& exclude_tags) {
  std::vector<std::string> names;
  for (const Backend& b : kBackends)
    if (b.available && std::find(exclude_tags.begin(), exclude_tags.end(), b.tags) == exclude_tags.end())
      names.push_back(b.name);
  std::sort(names.begin(), names.end());
  return names;
}

} // namespace refc::backends
