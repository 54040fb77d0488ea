// torch._C._aot (see aot_module.h).
#include "reference_compiler/aot/aot_module.h"

#include "reference_compiler/aot/aot_pipeline.h"
#include "reference_compiler/aot/compiled_function.h"
#include "reference_compiler/dynamo/fx_bindings.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/module_registry.h"

namespace refc::aot {

namespace {

using lang::Value;

// aot_eager(gm, example_inputs): both graphs run by the graph interpreter.
Value aot_eager_fn(lang::Args a) {
  lang::check_arity(a, "aot_eager", 2, 2);
  const Value graph = lang::getattr(a[0], lang::intern("graph"));
  std::shared_ptr<graph::Graph> g = dynamo::unwrap_graph(lang::getattr(graph, lang::intern("_handle")));
  const std::vector<Value> inputs = lang::collect_items(a[1]);
  return make_compiled_function(aot_compile_graphs(*g, a[0], inputs));
}

lang::Ref<lang::Module> create_module() {
  lang::ModuleBuilder m("torch._C._aot");
  m.function("aot_eager", aot_eager_fn);
  return m.finish();
}

} // namespace

void install() { lang::register_native_module("torch._C._aot", create_module); }

} // namespace refc::aot
