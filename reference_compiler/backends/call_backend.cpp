// The seam from Dynamo to the backends (see call_backend.h).
#include "reference_compiler/backends/call_backend.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/interpreter.h"

#include <algorithm>
#include <vector>

namespace refc::backends {

using lang::Value;

namespace {

std::vector<BackendWrapper>& wrappers() {
  static std::vector<BackendWrapper> list;
  return list;
}

} // namespace

Value call_backend(const Value& backend, const std::string& name, const Value& gm, const Value& example_inputs) {
  static const Value with_faults =
      lang::getattr(Value(lang::import_module("torch._dynamo.faults")), lang::intern("with_faults"));
  Value compile_fn = lang::call(with_faults, {backend});
  for (BackendWrapper wrap : wrappers()) compile_fn = wrap(compile_fn, name);
  return lang::call(compile_fn, {gm, example_inputs});
}

void add_backend_wrapper(BackendWrapper wrap) {
  if (std::find(wrappers().begin(), wrappers().end(), wrap) == wrappers().end()) wrappers().push_back(wrap);
}

} // namespace refc::backends
