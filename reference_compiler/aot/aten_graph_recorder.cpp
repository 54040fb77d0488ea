// The tracing mode of AOT Autograd (see aten_graph_recorder.h).
#include "reference_compiler/aot/aten_graph_recorder.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/backward_node.h"
#include "reference_compiler/symbolic/expr_sym_node.h"
#include "reference_compiler/symbolic/functions.h"
#include "reference_compiler/symbolic/shape_env.h"
#include "reference_compiler/tensor/sym_node.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_callables.h"
#include "reference_compiler/torch/python_objects.h"

#include <functional>
#include <ginac/ginac.h>

namespace refc::aot {

using lang::Value;
using tensor::Tensor;

namespace {

const Value& getitem_fn() {
  static const Value f = lang::getattr(Value(lang::import_module("operator")), lang::intern("getitem"));
  return f;
}

const std::vector<Value>& items(const Value& v) {
  return v.as_obj()->type->layout == lang::Layout::Tuple ? v.as<lang::Tuple>()->items : v.as<lang::List>()->items;
}

// Whether an argument may be left out: it holds its schema default.
bool is_default(const ops::Argument& a, const Value& v) {
  if (!a.has_default) return false;
  if (a.default_value.is_none() || v.is_none()) return a.default_value.is_none() && v.is_none();
  if (tensor::is_tensor(v)) return false;
  // A symbolic value is compared only where it is known: comparing it would guard.
  if (tensor::SymNodeImpl* s = tensor::as_sym_node(v)) {
    const std::optional<int64_t> known = s->maybe_int();
    return known && a.default_value.is_int() && *known == a.default_value.as_int();
  }
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
  if (tensor::SymNodeImpl* s = tensor::as_sym_node(value)) symbols_.emplace(s->str(), Value::borrow(n));
  if (!tensor::is_tensor(value)) return n;
  const Tensor t = Tensor::from_value(value);
  bind(t, n);
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.sym_size(d).is_symbolic()) size_of_.emplace(t.sym_size(d).str(), std::make_pair(n, d));
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
      // An output without gradient (a mask, saved statistics) is saved as it is.
      if (tensor::is_tensor(base->example_value) && !Tensor::from_value(base->example_value).requires_grad()) {
        nodes_[t.impl()] = base;
        return Value::borrow(base);
      }
      // A saved output, read back by its backward: 2.14's SavedVariable
      // saves output.detach() in the forward, right after the output, and
      // the backward unpacks it with another detach. Under decompositions
      // (detach.default -> alias) both are aliases.
      static const ops::OpDef& detach = ops::op("detach");
      static const ops::OpDef& alias = ops::op("alias");
      graph::Node* n = base;
      for (int i = 0; i < 2; ++i) {
        const ops::OpDef& op = decompositions_ && decompositions_->applies(detach) ? alias : detach;
        n = graph_.call_function(torch::aten_target(op), torch::aten_overload(op),
                                 Value(lang::make_tuple({Value::borrow(n)})), {}, op.schema.name);
        n->example_value = v;
        const bool saved_in_forward = i == 0 && base->op != graph::NodeOp::Placeholder;
        n->user_frame = saved_in_forward ? base->user_frame : current_frame();
        if (saved_in_forward) graph_.move_after(n, base);
      }
      nodes_[t.impl()] = n;
      return Value::borrow(n);
    }
    lang::raise(lang::exc::RuntimeError, "aot_autograd: a tensor argument of aten." + std::string(op) +
                                             " was not computed by the traced graph (a constant tensor?)");
  }
  if (torch::is_sequence(v)) {
    std::vector<Value> out;
    for (const Value& item : items(v)) out.push_back(to_argument(item, op));
    return Value(lang::make_list(std::move(out)));
  }
  if (tensor::SymNodeImpl* s = tensor::as_sym_node(v)) return symbolic_argument(*s, op);
  return v;
}

Value AtenGraphRecorder::symbolic_argument(const tensor::SymNodeImpl& s, std::string_view op) {
  if (auto known = s.maybe_int()) return Value::integer(*known);
  const symbolic::Expr* expr = symbolic::expr_of(s);
  symbolic::ShapeEnv* env = symbolic::env_of(s);
  if (!expr || !env)
    lang::raise(lang::exc::NotImplementedError, "aot_autograd: a symbolic value of aten." + std::string(op) +
                                                    " that is not an expression over sizes");
  const std::function<Value(const symbolic::Expr&)> build = [&](const symbolic::Expr& e) -> Value {
    if (auto i = e.as_int()) return Value::integer(*i);
    const std::string key = e.str();
    if (auto it = symbols_.find(key); it != symbols_.end()) return it->second;
    auto sym_value = [&](const symbolic::Expr& of) {
      return Value(symbolic::make_sym_node(env->shared_from_this(), of, tensor::SymKind::Int));
    };
    graph::Node* n = nullptr;
    const GiNaC::ex& g = e.ginac();
    // operator.<fn> over the operands of g, left to right (the symbolic operand first, as in `primals_1 * 3`).
    auto fold = [&](const char* fn, symbolic::Expr (*combine)(const symbolic::Expr&, const symbolic::Expr&)) {
      const Value f = lang::getattr(Value(lang::import_module("operator")), lang::intern(fn));
      symbolic::Expr acc_expr = symbolic::Expr::from_ginac(g.op(0));
      Value acc = build(acc_expr);
      for (size_t i = 1; i < g.nops(); ++i) {
        const symbolic::Expr next_expr = symbolic::Expr::from_ginac(g.op(i));
        const Value next = build(next_expr);
        acc_expr = combine(acc_expr, next_expr);
        graph::Node* step = graph_.call_function(
            std::string("operator.") + fn, f,
            Value(graph::is_node(acc) ? lang::make_tuple({acc, next}) : lang::make_tuple({next, acc})), {}, fn);
        step->example_value = sym_value(acc_expr);
        step->user_frame = current_frame();
        acc = Value::borrow(step);
      }
      return acc.as<graph::Node>();
    };
    if (e.is_symbol()) {
      if (auto it = size_of_.find(key); it != size_of_.end()) {
        static const ops::OpDef& sym_size = ops::op("sym_size.int");
        n = graph_.call_function(torch::aten_target(sym_size), torch::aten_overload(sym_size),
                                 Value(lang::make_tuple({Value::borrow(it->second.first), Value::integer(it->second.second)})),
                                 {}, "sym_size_int");
        n->example_value = sym_value(e);
      }
    } else if (GiNaC::is_a<GiNaC::add>(g)) {
      n = fold("add", [](const symbolic::Expr& a, const symbolic::Expr& b) { return a + b; });
    } else if (GiNaC::is_a<GiNaC::mul>(g)) {
      n = fold("mul", [](const symbolic::Expr& a, const symbolic::Expr& b) { return a * b; });
    } else if (symbolic::is_function(g, symbolic::Function::FloorDiv) && g.nops() == 2) {
      n = fold("floordiv", [](const symbolic::Expr& a, const symbolic::Expr& b) { return symbolic::floordiv(a, b); });
    } else if ((symbolic::is_function(g, symbolic::Function::PythonMod) || symbolic::is_function(g, symbolic::Function::Mod)) &&
               g.nops() == 2) {
      n = fold("mod", [](const symbolic::Expr& a, const symbolic::Expr& b) { return symbolic::mod(a, b); });
    }
    if (!n)
      lang::raise(lang::exc::NotImplementedError,
                  "aot_autograd: cannot trace the size expression " + key + " (aten." + std::string(op) + ")");
    symbols_.emplace(key, Value::borrow(n));
    return Value::borrow(n);
  };
  return build(*expr);
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
  graph::Node* n = graph_.call_function(torch::aten_target(op), torch::aten_overload(op),
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
  if (!torch::is_sequence(result)) return;
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
