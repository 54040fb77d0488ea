// torch.fx's view of the graph IR (see fx_bindings.h).
#include "reference_compiler/dynamo/fx_bindings.h"

#include "reference_compiler/graph/graph_printer.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/syntax_error.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/vm.h"

namespace refc::dynamo {

using lang::Value;

namespace {

struct GraphHandle : lang::Object {
  GraphHandle(lang::TypeObject* t, std::shared_ptr<graph::Graph> g) : lang::Object(t), graph(std::move(g)) {}
  std::shared_ptr<graph::Graph> graph;
};

lang::TypeObject* graph_handle_type() {
  static lang::TypeObject* t = lang::make_module_type("_GraphHandle", "torch._C._dynamo", lang::Layout::Other);
  return t;
}

int g_forward_count = 0;

Value graph_nodes(lang::Args a) {
  lang::check_arity(a, "_graph_nodes", 1, 1);
  std::vector<Value> nodes;
  for (const lang::Ref<graph::Node>& n : unwrap_graph(a[0])->nodes()) nodes.push_back(Value(n));
  return Value(lang::make_list(std::move(nodes)));
}

// [(name, handle)] of the graph's subgraphs (a GraphModule makes each its submodule).
Value graph_subgraphs(lang::Args a) {
  lang::check_arity(a, "_graph_subgraphs", 1, 1);
  std::vector<Value> out;
  for (const auto& [name, sub] : unwrap_graph(a[0])->subgraphs())
    out.push_back(Value(lang::make_tuple({Value(lang::make_str(name)), wrap_graph(sub)})));
  return Value(lang::make_list(std::move(out)));
}

Value graph_code(lang::Args a) {
  lang::check_arity(a, "_graph_code", 2, 2);
  return Value(lang::make_str(graph::print_readable(*unwrap_graph(a[0]), lang::to_str(a[1])->view())));
}

// The GraphModule's forward: the printed class compiled and run, its forward
// bound to `gm`. Names the code uses (torch, operator, device) resolve in its globals.
Value graph_forward(lang::Args a) {
  lang::check_arity(a, "_graph_forward", 2, 2);
  const std::string source = "import torch\nimport operator\n" + graph::print_readable(*unwrap_graph(a[0]));
  const std::string filename = "<eval_with_key>." + std::to_string(g_forward_count++);
  lang::Ref<lang::CodeObject> code;
  try {
    code = lang::compile_source(source, filename);
  } catch (const lang::SyntaxErrorInfo& e) { // a pass left the graph in a state its code cannot say
    lang::raise(lang::exc::RuntimeError, "the graph's code does not compile (" + e.msg + ", line " +
                                             std::to_string(e.lineno - 2) + "):\n" + source.substr(source.find("class")));
  }
  lang::register_source(filename, source); // tracebacks show the graph's lines, as FX's linecache entry does
  lang::Ref<lang::Dict> globals = lang::make_dict();
  globals->set(lang::intern("__name__"), Value(lang::make_str("torch.fx.graph_module")));
  lang::run_code(code.get(), globals.get(), globals.get());
  // One of FX's custom builtins: the code writes a torch.device argument as device(type='cpu').
  globals->set(lang::intern("device"), lang::getattr(globals->get(lang::intern("torch")), lang::intern("device")));
  Value cls = globals->get(lang::intern("GraphModule"));
  Value forward = lang::getattr(cls, lang::intern("forward"));
  // Graph code runs as it is: the frame hook never sees it.
  forward.as<lang::Function>()->code->flags |= lang::CO_NO_FRAME_HOOK;
  return Value(lang::make<lang::BoundMethod>(forward, a[1]));
}

} // namespace

Value wrap_graph(std::shared_ptr<graph::Graph> graph) {
  return Value(lang::make<GraphHandle>(graph_handle_type(), std::move(graph)));
}

std::shared_ptr<graph::Graph> unwrap_graph(const Value& handle) {
  if (!handle.is_obj() || handle.as_obj()->type != graph_handle_type())
    lang::raise(lang::exc::TypeError, "expected a graph handle, got '" + lang::type_name(handle) + "'");
  return handle.as<GraphHandle>()->graph;
}

void add_fx_functions(lang::ModuleBuilder& m) {
  m.function("_graph_nodes", graph_nodes)
      .function("_graph_subgraphs", graph_subgraphs)
      .function("_graph_code", graph_code)
      .function("_graph_forward", graph_forward);
}

} // namespace refc::dynamo
