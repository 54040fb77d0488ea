// Node: construction, its Python type (torch.fx.node.Node) and the walks
// over argument structures.
#include "reference_compiler/graph/node.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>

namespace refc::graph {

using lang::Layout;
using lang::Value;

std::string_view op_name(NodeOp op) {
  switch (op) {
  case NodeOp::Placeholder: return "placeholder";
  case NodeOp::CallFunction: return "call_function";
  case NodeOp::CallMethod: return "call_method";
  case NodeOp::CallModule: return "call_module";
  case NodeOp::GetAttr: return "get_attr";
  case NodeOp::Output: return "output";
  }
  return "?";
}

std::string callable_name(const Value& f) {
  Value module = lang::getattr_or_null(f, lang::intern("__module__"));
  Value name = lang::getattr_or_null(f, lang::intern("__name__"));
  if (name.is_null()) lang::raise(lang::exc::TypeError, "a node target must be a named function");
  std::string prefix = module.is_obj() && module.as_obj()->type->layout == Layout::Str
                           ? std::string(module.as<lang::Str>()->view())
                           : "torch";
  if (prefix == "torch._C._VariableFunctions" || prefix.empty()) prefix = "torch";
  return prefix + "." + std::string(lang::to_str(name)->view());
}

namespace {

// Python's view of a node (FX's Node attributes): op, name, target (the
// callable for call_function, else the string), args, kwargs.
void add_node_attributes(lang::TypeObject* t) {
  lang::add_property(
      t, "op", [](lang::Args a) { return Value(lang::make_str(std::string(op_name(a[0].as<Node>()->op)))); },
      // A pass may turn a method call into a function call and back (then sets the target).
      [](lang::Args a) {
        Node* n = a[0].as<Node>();
        const std::string_view op = lang::is_str(a[1]) ? a[1].as<lang::Str>()->view() : std::string_view();
        if (op == op_name(NodeOp::CallFunction)) n->op = NodeOp::CallFunction;
        else if (op == op_name(NodeOp::CallMethod)) n->op = NodeOp::CallMethod;
        else lang::raise(lang::exc::TypeError, "Node.op can only become 'call_function' or 'call_method'");
        return Value::none();
      });
  lang::add_getter(t, "name", [](lang::Args a) { return Value(lang::make_str(a[0].as<Node>()->name)); });
  lang::add_property(
      t, "target",
      [](lang::Args a) {
        const Node* n = a[0].as<Node>();
        return n->op == NodeOp::CallFunction ? n->callable : Value(lang::make_str(n->target));
      },
      // Retargeting a call_function node (what graph passes do): the code
      // names the new callable by its module and name.
      [](lang::Args a) {
        Node* n = a[0].as<Node>();
        if (n->op != NodeOp::CallFunction) lang::raise(lang::exc::TypeError, "only call_function targets can be set");
        n->callable = a[1];
        n->target = callable_name(a[1]);
        return Value::none();
      });
  lang::add_property(
      t, "args", [](lang::Args a) { return a[0].as<Node>()->args; },
      [](lang::Args a) {
        if (!a[1].is_obj() || a[1].as_obj()->type->layout != Layout::Tuple)
          lang::raise(lang::exc::TypeError, "Node.args must be a tuple");
        a[0].as<Node>()->args = a[1];
        return Value::none();
      });
  lang::add_getter(t, "kwargs", [](lang::Args a) { return a[0].as<Node>()->kwargs; });
  lang::add_method(t, "__repr__", [](lang::Args a) { return Value(lang::make_str(a[0].as<Node>()->name)); });
}

} // namespace

lang::TypeObject* node_type() {
  static lang::TypeObject* type = [] {
    lang::TypeObject* t = lang::make_module_type("Node", "torch.fx.node");
    add_node_attributes(t);
    return t;
  }();
  return type;
}

bool is_node(const Value& v) { return v.is_obj() && v.as_obj()->type == node_type(); }

Node::Node(Graph* graph, NodeOp op, std::string name, std::string target, Value callable, Value args, Value kwargs)
    : lang::Object(node_type()), graph(graph), op(op), name(std::move(name)), target(std::move(target)),
      callable(std::move(callable)), args(args.is_null() ? Value(lang::make_tuple({})) : std::move(args)),
      kwargs(kwargs.is_null() ? Value(lang::make_dict()) : std::move(kwargs)) {}

std::vector<Node*> Node::input_nodes() const {
  std::vector<Node*> out;
  auto add = [&](Node* n) {
    if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  };
  for_each_node(args, add);
  for_each_node(kwargs, add);
  return out;
}

namespace {

Layout layout_of(const Value& v) { return v.is_obj() ? v.as_obj()->type->layout : Layout::Other; }

} // namespace

void for_each_node(const Value& arg, const std::function<void(Node*)>& f) {
  if (is_node(arg)) {
    f(arg.as<Node>());
    return;
  }
  switch (layout_of(arg)) {
  case Layout::Tuple:
    for (const Value& v : arg.as<lang::Tuple>()->items) for_each_node(v, f);
    break;
  case Layout::List:
    for (const Value& v : arg.as<lang::List>()->items) for_each_node(v, f);
    break;
  case Layout::Dict:
    for (const lang::Dict::Entry& e : arg.as<lang::Dict>()->entries())
      if (!e.key.is_null()) for_each_node(e.value, f);
    break;
  case Layout::Slice: {
    const auto* s = arg.as<lang::Slice>();
    for_each_node(s->start, f);
    for_each_node(s->stop, f);
    for_each_node(s->step, f);
    break;
  }
  default: break;
  }
}

namespace {

bool holds_node(const Value& arg) {
  bool found = false;
  for_each_node(arg, [&](Node*) { found = true; });
  return found;
}

} // namespace

Value map_nodes(const Value& arg, const std::function<Value(Node*)>& f) {
  if (is_node(arg)) return f(arg.as<Node>());
  if (!holds_node(arg)) return arg;
  auto map_items = [&](const std::vector<Value>& items) {
    std::vector<Value> out;
    out.reserve(items.size());
    for (const Value& v : items) out.push_back(map_nodes(v, f));
    return out;
  };
  switch (layout_of(arg)) {
  case Layout::Tuple: return Value(lang::make_tuple(map_items(arg.as<lang::Tuple>()->items)));
  case Layout::List: return Value(lang::make_list(map_items(arg.as<lang::List>()->items)));
  case Layout::Dict: {
    lang::Ref<lang::Dict> d = lang::make_dict();
    for (const lang::Dict::Entry& e : arg.as<lang::Dict>()->entries())
      if (!e.key.is_null()) d->set(e.key, map_nodes(e.value, f));
    return Value(std::move(d));
  }
  case Layout::Slice: {
    const auto* s = arg.as<lang::Slice>();
    return Value(lang::make<lang::Slice>(map_nodes(s->start, f), map_nodes(s->stop, f), map_nodes(s->step, f)));
  }
  default: return arg;
  }
}

} // namespace refc::graph
