// The backend registry (see backends.h and backends.def).
#include "reference_compiler/dynamo/backends.h"

#include "reference_compiler/dynamo/python_side.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"

#include <algorithm>

namespace refc::dynamo {

using lang::Value;

namespace {

struct Backend {
  const char* name;
  bool available;
};

constexpr Backend kBackends[] = {
#define REFC_BACKEND(name, available) {#name, available},
#include "reference_compiler/dynamo/backends.def"
#undef REFC_BACKEND
};

Value list_backends(lang::Args a) {
  lang::check_arity(a, "_list_backends", 0, 0);
  std::vector<std::string> names;
  for (const Backend& b : kBackends)
    if (b.available && !std::string_view(b.name).ends_with("_TESTING_ONLY")) names.push_back(b.name);
  std::sort(names.begin(), names.end());
  std::vector<Value> out;
  for (const std::string& n : names) out.push_back(Value(lang::make_str(n)));
  return Value(lang::make_list(std::move(out)));
}

} // namespace

Value lookup_backend(const std::string& name) {
  for (const Backend& b : kBackends) {
    if (name != b.name) continue;
    if (!b.available)
      raise_dynamo_exception("BackendNotAvailable", "backend='" + name +
                                           "' is not available yet in refc; available backends: see "
                                           "torch._dynamo.list_backends()");
    return lang::getattr(Value(lang::import_module("torch._dynamo.backends.registry")), lang::intern(name));
  }
  raise_dynamo_exception("InvalidBackend", "Invalid backend: '" + name +
                                  "', see `torch._dynamo.list_backends()` for available backends.");
}

void add_backend_functions(lang::ModuleBuilder& m) { m.function("_list_backends", list_backends); }

} // namespace refc::dynamo
