// The runtime of AOT Autograd (see compiled_function.h).
#include "reference_compiler/aot/compiled_function.h"

#include "reference_compiler/dynamo/fx_bindings.h"
#include "reference_compiler/graph/graph_interpreter.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/grad_mode.h"

#include <memory>

namespace refc::aot {

using lang::Value;
using tensor::Tensor;

namespace {

// A graph and what runs it: the interpreter, or what a compiler made of it
// (Null until the backward's compiler has run).
struct CompiledGraph {
  std::shared_ptr<graph::Graph> graph;
  Value compiler; // Null: the interpreter
  Value compiled;

  // compiler(GraphModule(graph), its fake example inputs), once.
  void compile() {
    if (compiler.is_null() || !compiled.is_null()) return;
    std::vector<Value> examples;
    for (graph::Node* p : graph->placeholders()) examples.push_back(p->example_value);
    static const Value graph_module = lang::getattr(Value(lang::import_module("torch.fx")), lang::intern("GraphModule"));
    const Value gm = lang::call(graph_module, {Value::none(), dynamo::wrap_graph(graph)});
    compiled = lang::call(compiler, {gm, Value(lang::make_list(std::move(examples)))});
  }

  Value run(std::span<const Value> inputs) {
    if (compiler.is_null()) return graph::run_graph(*graph, inputs);
    compile();
    // A boxed function (make_boxed_func) takes its arguments as one list.
    const bool boxed = !lang::getattr_or_null(compiled, lang::intern("_boxed_call")).is_null();
    const Value result = boxed ? lang::call(compiled, {Value(lang::make_list(std::vector<Value>(inputs.begin(), inputs.end())))})
                               : lang::call(compiled, lang::Args{inputs.data(), inputs.size(), nullptr});
    return Value(lang::make_tuple(lang::collect_items(result)));
  }
};

struct Runtime {
  std::shared_ptr<const AotGraphs> graphs;
  CompiledGraph forward, backward;
};

struct CompiledFunction : lang::Object {
  CompiledFunction(lang::TypeObject* t, std::shared_ptr<Runtime> runtime) : lang::Object(t), runtime(std::move(runtime)) {}
  std::shared_ptr<Runtime> runtime;
};

// What the backward needs of one call: the saved values and how to make a
// zero gradient for an output the loss did not reach.
struct SavedForBackward {
  std::shared_ptr<Runtime> runtime;
  std::vector<Value> saved;
  std::vector<ops::TensorSpec> outputs; // the differentiable outputs
};

std::vector<Tensor> run_backward_graph(const SavedForBackward& s, std::vector<Tensor>&& grads) {
  std::vector<Value> inputs = s.saved;
  for (size_t k = 0; k < grads.size(); ++k) {
    if (grads[k].defined()) inputs.push_back(grads[k].to_value());
    else inputs.push_back(ops::call("zeros", s.outputs[k].sizes, s.outputs[k].dtype));
  }
  Value result = s.runtime->backward.run(inputs);
  std::vector<Tensor> out;
  for (const Value& g : result.as<lang::Tuple>()->items) out.push_back(tensor::is_tensor(g) ? Tensor::from_value(g) : Tensor());
  return out;
}

Value call_compiled(lang::Args a) {
  const std::shared_ptr<Runtime>& runtime = a[0].as<CompiledFunction>()->runtime;
  const std::shared_ptr<const AotGraphs>& graphs = runtime->graphs;
  const std::span<const Value> inputs = a.drop_first().positional();
  Value result;
  {
    ops::GradModeGuard no_grad(false);
    result = runtime->forward.run(inputs);
  }
  if (!graphs->backward) return result;
  const std::vector<Value>& items = result.as<lang::Tuple>()->items;
  auto state = std::make_shared<SavedForBackward>();
  state->runtime = runtime;
  // The backward takes the saved symbolic ints first, then the saved tensors.
  const auto tensors_begin = items.begin() + static_cast<std::ptrdiff_t>(graphs->num_fw_outputs);
  const auto syms_begin = tensors_begin + static_cast<std::ptrdiff_t>(graphs->num_saved_tensors);
  state->saved.assign(syms_begin, items.end());
  state->saved.insert(state->saved.end(), tensors_begin, syms_begin);
  std::vector<Value> outputs(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(graphs->num_fw_outputs));
  std::vector<Tensor> differentiable;
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (!graphs->output_needs_grad[i]) continue;
    const Tensor t = Tensor::from_value(outputs[i]);
    differentiable.push_back(t);
    state->outputs.push_back(ops::TensorSpec{tensor::SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end()), {}, 0,
                                             t.dtype(), t.device()});
  }
  std::vector<Tensor> primals;
  for (const Value& v : inputs) primals.push_back(tensor::is_tensor(v) ? Tensor::from_value(v) : Tensor());
  if (ops::grad_enabled() && !differentiable.empty())
    ops::record_function_node(
        "CompiledFunctionBackward",
        [state](std::vector<Tensor>&& grads) { return run_backward_graph(*state, std::move(grads)); }, primals,
        differentiable);
  return Value(lang::make_tuple(std::move(outputs)));
}

lang::TypeObject* compiled_function_type() {
  static lang::TypeObject* t = [] {
    lang::TypeObject* type = lang::make_module_type("CompiledFunction", "torch._functorch.aot_autograd");
    lang::add_method(type, "__call__", call_compiled);
    return type;
  }();
  return t;
}

} // namespace

Value make_compiled_function(AotGraphs graphs, const GraphCompilers& compilers) {
  auto runtime = std::make_shared<Runtime>();
  runtime->graphs = std::make_shared<const AotGraphs>(std::move(graphs));
  const AotGraphs& g = *runtime->graphs;
  runtime->forward = CompiledGraph{g.forward, g.backward ? compilers.forward : compilers.inference, {}};
  if (g.backward) runtime->backward = CompiledGraph{g.backward, compilers.backward, {}};
  runtime->forward.compile(); // now, as 2.14 compiles the forward before the first call
  return Value(lang::make<CompiledFunction>(compiled_function_type(), std::move(runtime)));
}

} // namespace refc::aot
