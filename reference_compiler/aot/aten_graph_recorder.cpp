// The tracing mode of AOT Autograd (see aten_graph_recorder.h).
#include "reference_compiler/aot/aten_graph_recorder.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/backward_node.h"
#include "reference_compiler/tensor/sym_node.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_callables.h"
#include "reference_compiler/torch/python_objects.h"

namespace refc::aot {

using lang::Value;
using tensor::Tensor;

namespace {

const Value& getitem_fn() {
  static const Value f = lang::getattr(Value(lang::import_module("operator")), lang::intern("getitem"));
  return f;
}

bool is_sequence(const Value& v) {
  return v.is_obj() && (v.as_obj()->type == lang::types::tuple || v.as_obj()->type == lang::types::list);
}

const std::vector<Value>& items(const Value& v) {
  return v.as_obj()->type == lang::types::tuple ? v.as<lang::Tuple>()->items : v.as<lang::List>()->items;
}

// Whether an argument may be left out: it holds its schema default.
bool is_default(const ops::Argument& a, const Value& v) {
  if (!a.has_default) return false;
  if (a.default_value.is_none() || v.is_none()) return a.default_value.is_none() && v.is_none();
  if (tensor::is_tensor(v)) return false;
  return lang::equals(v, a.default_value);
}

// Same value or same expression, without guarding.
bool same_syms(tensor::SymIntArrayRef a, tensor::SymIntArrayRef b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].is_symbolic() != b[i].is_symbolic() || (a[i].is_symbolic() ? a[i].str() != b[i].str() : a[i].hint() != b[i].hint()))
      return false;
  return true;
}

} // namespace

AtenGraphRecorder::AtenGraphRecorder(graph::Graph& g) : graph_(g), previous_(ops::set_op_observer(this)) {}

AtenGraphRecorder::~AtenGraphRecorder() { ops::set_op_observer(previous_); }

graph::Node* AtenGraphRecorder::add_input(const std::string& name, const Value& value) {
  graph::Node* n = graph_.placeholder(name, name);
  n->example_value = value;
  if (tensor::is_tensor(value)) bind(Tensor::from_value(value), n);
  return n;
}

void AtenGraphRecorder::bind(const Tensor& t, graph::Node* n) {
  nodes_[t.impl()] = n;
  by_storage_[t->storage.get()].emplace_back(t, n);
}

graph::Node* AtenGraphRecorder::node_of(const Tensor& t) const {
  if (auto it = nodes_.find(t.impl()); it != nodes_.end()) return it->second;
  return alias_of(t);
}

graph::Node* AtenGraphRecorder::alias_of(const Tensor& t) const {
  auto same = by_storage_.find(t->storage.get());
  if (same == by_storage_.end()) return nullptr;
  for (auto it = same->second.rbegin(); it != same->second.rend(); ++it) {
    const Tensor& known = it->first;
    if (known.dtype() == t.dtype() && same_syms(known.sym_sizes(), t.sym_sizes()) &&
        same_syms(known.sym_strides(), t.sym_strides()) &&
        same_syms({&known->sym_storage_offset(), 1}, {&t->sym_storage_offset(), 1}))
      return it->second;
  }
  return nullptr;
}

std::optional<graph::UserFrame> AtenGraphRecorder::current_frame() const {
  auto it = backward_frames_.find(ops::current_backward_node());
  if (it == backward_frames_.end()) return std::nullopt;
  graph::UserFrame frame = it->second;
  frame.backward = true;
  return frame;
}

Value AtenGraphRecorder::to_argument(const Value& v, std::string_view op) {
  if (tensor::is_tensor(v)) {
    const Tensor t = Tensor::from_value(v);
    if (auto it = nodes_.find(t.impl()); it != nodes_.end()) return Value::borrow(it->second);
    if (graph::Node* base = alias_of(t)) {
      // A saved output, read back by its backward: 2.14's SavedVariable
      // saves output.detach() and unpacks it with another detach.
      static const ops::OpDef& detach = ops::op("detach");
      graph::Node* n = base;
      for (int i = 0; i < 2; ++i) {
        n = graph_.call_function("torch.ops.aten.detach.default", torch::aten_overload(detach),
                                 Value(lang::make_tuple({Value::borrow(n)})), {}, "detach");
        n->example_value = v;
        n->user_frame = current_frame();
      }
      nodes_[t.impl()] = n;
      return Value::borrow(n);
    }
    lang::raise(lang::exc::RuntimeError, "aot_autograd: a tensor argument of aten." + std::string(op) +
                                             " was not computed by the traced graph (a constant tensor?)");
  }
  if (is_sequence(v)) {
    std::vector<Value> out;
    for (const Value& item : items(v)) out.push_back(to_argument(item, op));
    return Value(lang::make_list(std::move(out)));
  }
  if (tensor::SymNodeImpl* s = tensor::as_sym_node(v)) {
    if (auto known = s->maybe_int()) return Value::integer(*known);
    lang::raise(lang::exc::NotImplementedError,
                "aot_autograd: symbolic sizes are not traced yet (aten." + std::string(op) + ")");
  }
  return v;
}

void AtenGraphRecorder::on_op(const ops::OpDef& op, const ops::OpArgs& args, const Value& result) {
  const ops::FunctionSchema& schema = op.schema;
  const std::string name = schema.name + "." + schema.overload_name();
  size_t positional_end = 0;
  for (size_t i = 0; i < args.size(); ++i)
    if (!schema.arguments[i].kwarg_only && !is_default(schema.arguments[i], args[i])) positional_end = i + 1;
  std::vector<Value> positional;
  lang::Ref<lang::Dict> kwargs = lang::make_dict();
  auto argument = [&](size_t i) {
    // The binder keeps a memory format by name; the graph calls the op with the torch.memory_format.
    if (schema.arguments[i].type.kind == ops::ArgKind::MemoryFormat && lang::is_str(args[i]))
      return torch::memory_format_value(args[i].as<lang::Str>()->view());
    return to_argument(args[i], name);
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const ops::Argument& a = schema.arguments[i];
    if (!a.kwarg_only && i < positional_end) positional.push_back(argument(i));
    else if (a.kwarg_only && !is_default(a, args[i])) kwargs->set(lang::intern(a.name), argument(i));
  }
  graph::Node* n = graph_.call_function("torch.ops.aten." + name, torch::aten_overload(op),
                                        Value(lang::make_tuple(std::move(positional))), Value(kwargs),
                                        // named as the functional op that replaces an in-place one
                                        op.functional ? op.functional->schema.name : schema.name);
  n->example_value = result;
  const std::optional<graph::UserFrame> frame = current_frame();
  n->user_frame = frame;
  if (tensor::is_tensor(result)) {
    bind(Tensor::from_value(result), n);
    return;
  }
  if (!is_sequence(result)) return;
  // Several results: one getitem node each, as make_fx writes them (unused ones are removed later).
  const std::vector<Value>& outs = items(result);
  for (size_t i = 0; i < outs.size(); ++i) {
    if (!tensor::is_tensor(outs[i])) continue;
    graph::Node* item = graph_.call_function("operator.getitem", getitem_fn(),
                                             Value(lang::make_tuple({Value::borrow(n),
                                                                     Value::integer(static_cast<int64_t>(i))})),
                                             {}, "getitem");
    item->example_value = outs[i];
    item->user_frame = frame;
    bind(Tensor::from_value(outs[i]), item);
  }
}

} // namespace refc::aot
