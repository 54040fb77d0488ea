// Methods of autograd graph nodes (see autograd_nodes.h), installed on the
// node types' common base, torch.autograd.graph.Node.
#include "reference_compiler/torch/autograd_nodes.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/tensor_types.h"

namespace refc::torch {

using lang::Args;
using lang::Value;
using tensor::Node;

namespace {

Node* node_of(Args a, const char* what) {
  if (a.npos < 1 || !lang::isinstance(a[0], tensor::node_base_type()))
    lang::raise(lang::exc::TypeError, std::string(what) + ": expected an autograd Node");
  return static_cast<Node*>(a[0].as_obj());
}

Value node_name(Args a) { return lang::str_value(node_of(a, "name")->name()); }

// ((next node or None, input_nr), ...): one pair per input of the forward op.
Value node_next_functions(Args a) {
  std::vector<Value> pairs;
  for (const tensor::Edge& e : node_of(a, "next_functions")->next_edges) {
    Value fn = e.valid() ? Value(lang::Ref<lang::Object>::borrow(e.fn.get())) : Value::none();
    pairs.push_back(Value(lang::make_tuple({fn, Value::integer(e.input_nr)})));
  }
  return Value(lang::make_tuple(std::move(pairs)));
}

Value accumulate_grad_variable(Args a) {
  auto* acc = dynamic_cast<ops::AccumulateGrad*>(node_of(a, "variable"));
  if (!acc) lang::raise(lang::exc::AttributeError, "'" + lang::type_name(a[0]) + "' object has no attribute 'variable'");
  return acc->variable.to_value();
}

std::vector<tensor::Tensor> tensors_or_undefined(const Value& seq) {
  std::vector<tensor::Tensor> out;
  for (const Value& v : lang::collect_items(seq))
    out.push_back(tensor::is_tensor(v) ? tensor::Tensor::from_value(v) : tensor::Tensor());
  return out;
}

} // namespace

Value record_python_function(Args a) {
  Value p[4];
  lang::bind_args(a, "_record_function", {"name", "backward", "inputs", "outputs"}, 4, 4, p);
  if (!lang::isinstance(p[0], lang::types::str)) lang::raise(lang::exc::TypeError, "_record_function: name must be a str");
  std::string name(p[0].as<lang::Str>()->view());
  Value backward = p[1];
  std::vector<tensor::Tensor> inputs = tensors_or_undefined(p[2]);
  const size_t expected = inputs.size();
  auto callback = [name, backward, expected](std::vector<tensor::Tensor>&& grads) {
    std::vector<Value> args;
    for (const tensor::Tensor& g : grads) args.push_back(g.defined() ? g.to_value() : Value::none());
    Value r = lang::call(backward, lang::Args{args.data(), args.size(), nullptr});
    std::vector<Value> items = r.is_obj() && r.as_obj()->type->is_subtype(lang::types::tuple)
                                   ? lang::collect_items(r)
                                   : std::vector<Value>{r};
    if (items.size() != expected)
      lang::raise(lang::exc::RuntimeError, "function " + name + " returned an incorrect number of gradients (expected " +
                                               std::to_string(expected) + ", got " + std::to_string(items.size()) + ")");
    std::vector<tensor::Tensor> out;
    for (const Value& v : items) out.push_back(tensor::is_tensor(v) ? tensor::Tensor::from_value(v) : tensor::Tensor());
    return out;
  };
  std::vector<tensor::Tensor> outputs;
  for (const tensor::Tensor& t : tensors_or_undefined(p[3]))
    if (t.defined()) outputs.push_back(t);
  ops::record_function_node(name, std::move(callback), inputs, outputs);
  return Value::none();
}

void init_autograd_nodes() {
  lang::TypeObject* t = tensor::node_base_type();
  lang::add_method(t, "name", node_name);
  lang::add_getter(t, "next_functions", node_next_functions);
  lang::add_getter(t, "variable", accumulate_grad_variable);
}

} // namespace refc::torch
