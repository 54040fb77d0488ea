// Methods of autograd graph nodes (see autograd_nodes.h), installed on the
// node types' common base, torch.autograd.graph.Node.
#include "reference_compiler/torch/autograd_nodes.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/tensor/autograd_meta.h"

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

} // namespace

void init_autograd_nodes() {
  lang::TypeObject* t = tensor::node_base_type();
  lang::add_method(t, "name", node_name);
  lang::add_getter(t, "next_functions", node_next_functions);
  lang::add_getter(t, "variable", accumulate_grad_variable);
}

} // namespace refc::torch
