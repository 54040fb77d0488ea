// insert_runtime_asserts: binding points, range asserts, deferred asserts and
// torch._check rewrites, with 2.14's node names and messages.
#include "reference_compiler/dynamo/runtime_asserts.h"

#include "reference_compiler/dynamo/translator_support.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/symbolic/expr_sym_node.h"
#include "reference_compiler/tensor/sym_node.h"
#include "reference_compiler/tensor/tensor.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace refc::dynamo {

using lang::Value;
using symbolic::Expr;

namespace {

constexpr const char* kAssertTarget = "torch.ops.aten._assert_scalar.default";
constexpr const char* kAssertName = "_assert_scalar_default";
constexpr const char* kSymSizeTarget = "torch.ops.aten.sym_size.int";
constexpr const char* kSymSizeName = "sym_size_int";

// torch.ops.aten.<name>.<overload>
Value aten_callable(const char* name, const char* overload) {
  Value v = Value(lang::import_module("torch"));
  for (const char* attr : {"ops", "aten", name, overload}) v = lang::getattr(v, lang::intern(attr));
  return v;
}

// The symbol a node's value is exactly, if the node computes a symbolic value.
std::optional<Expr> symbol_of(const graph::Node& n) {
  const tensor::SymNodeImpl* s = tensor::as_sym_node(n.example_value);
  const Expr* e = s ? symbolic::expr_of(*s) : nullptr;
  if (!e || !e->is_symbol()) return std::nullopt;
  return *e;
}

Value assert_message(const std::string& expr, const graph::Node& cond) {
  return lang::str_value("Runtime assertion failed for expression " + expr + " on node '" + cond.name + "'");
}

// A relation with its operands swapped (0 < u0 runs u0.__gt__(0)).
Expr::Rel reflected(Expr::Rel rel) {
  switch (rel) {
  case Expr::Rel::Lt: return Expr::Rel::Gt;
  case Expr::Rel::Le: return Expr::Rel::Ge;
  case Expr::Rel::Gt: return Expr::Rel::Lt;
  case Expr::Rel::Ge: return Expr::Rel::Le;
  default: return rel;
  }
}

// Python's operator for a relation, and the relation it builds.
struct Operator {
  const char* name;
  Expr (*build)(const Expr&, const Expr&);
};
Operator operator_of(Expr::Rel rel) {
  switch (rel) {
  case Expr::Rel::Eq: return {"eq", symbolic::eq};
  case Expr::Rel::Ne: return {"ne", symbolic::ne};
  case Expr::Rel::Lt: return {"lt", symbolic::lt};
  case Expr::Rel::Le: return {"le", symbolic::le};
  case Expr::Rel::Gt: return {"gt", symbolic::gt};
  case Expr::Rel::Ge: return {"ge", symbolic::ge};
  case Expr::Rel::None: break;
  }
  throw std::logic_error("runtime asserts: not a relation");
}

class Inserter {
public:
  Inserter(graph::Graph& g, const std::shared_ptr<symbolic::ShapeEnv>& env) : g_(g), env_(env) {}

  void run() {
    std::vector<graph::Node*> nodes;
    for (const lang::Ref<graph::Node>& n : g_.nodes()) nodes.push_back(n.get());
    for (graph::Node* n : nodes)
      if (n->op == graph::NodeOp::CallFunction && n->target == kCheckIsSizeTarget)
        if (auto s = argument_symbol(*n)) constrained_.insert(s->str());
    for (graph::Node* n : nodes) {
      if (n->op == graph::NodeOp::CallFunction && n->target == kTorchCheckTarget) {
        rewrite_check(n);
        continue;
      }
      if (tensor::is_tensor(n->example_value)) {
        bind_sizes(n);
        continue;
      }
      const tensor::SymNodeImpl* value = tensor::as_sym_node(n->example_value);
      const Expr* e = value ? symbolic::expr_of(*value) : nullptr;
      if (!e || e->is_number()) continue;
      // A second node computing a known value is the first one (hash consing,
      // as PyTorch's pass does: `t.size(0)` after sym_size_int binds u0).
      if (auto known = known_.find(*e); known != known_.end()) {
        if (n->op == graph::NodeOp::Placeholder) continue;
        g_.replace_all_uses(n, known->second);
        g_.erase(n);
        continue;
      }
      known_[*e] = n;
      if (e->is_symbol()) bind(*e, n);
    }
  }

private:
  // The node binding unbacked symbol `s` (the first computing it): the
  // symbol's range asserts and the recorded asserts it completes follow it.
  void bind(const Expr& s, graph::Node* n) {
    const symbolic::SymbolInfo* info = env_->info(s);
    if (!info || info->hint) return; // backed symbols come with the inputs
    last_ = n;
    add_range_asserts(s, *info);
    add_deferred_asserts();
  }

  // A tensor whose size is a new unbacked symbol (nonzero's u0) binds it
  // through a `sym_size_int = torch.ops.aten.sym_size.int(t, dim)` node
  // right after it, as PyTorch's unbacked bindings do.
  void bind_sizes(graph::Node* n) {
    const tensor::Tensor t = tensor::Tensor::from_value(n->example_value);
    for (int64_t d = 0; d < t.dim(); ++d) {
      const tensor::SymInt& size = t.impl()->sym_sizes()[static_cast<size_t>(d)];
      const Expr* e = size.is_symbolic() ? symbolic::expr_of(*size.node_ptr()) : nullptr;
      const symbolic::SymbolInfo* info = e && e->is_symbol() ? env_->info(*e) : nullptr;
      if (!info || info->hint || known_.count(*e)) continue;
      graph::Node* read = g_.call_function(kSymSizeTarget, aten_callable("sym_size", "int"),
                                           Value(lang::make_tuple({Value::borrow(n), Value::integer(d)})), Value(),
                                           kSymSizeName);
      read->example_value = Value(tensor::SymNode::borrow(size.node_ptr()));
      last_ = n;
      place(read);
      known_[*e] = read;
      bind(*e, read);
    }
  }

  std::optional<Expr> argument_symbol(const graph::Node& n) const {
    const auto& args = n.args.as<lang::Tuple>()->items;
    if (args.empty() || !graph::is_node(args[0])) return std::nullopt;
    return symbol_of(*args[0].as<graph::Node>());
  }

  // Appends `n` after the last node placed at this binding point, on its
  // line; symbols that inputs bind are checked after the last input, on the
  // line of the first op.
  void place(graph::Node* n) {
    if (last_->op == graph::NodeOp::Placeholder) {
      const std::vector<graph::Node*> inputs = g_.placeholders();
      last_ = inputs.back();
      for (const lang::Ref<graph::Node>& m : g_.nodes())
        if (m->op != graph::NodeOp::Placeholder && m.get() != n) {
          n->user_frame = m->user_frame;
          break;
        }
    } else {
      n->user_frame = last_->user_frame;
    }
    g_.move_after(n, last_);
    last_ = n;
  }

  void add_assert(graph::Node* cond, const Expr& expr) {
    graph::Node* a = g_.call_function(
        kAssertTarget, assert_scalar_callable(),
        Value(lang::make_tuple({Value::borrow(cond), assert_message(expr.str(), *cond)})),
        Value(), kAssertName);
    place(a);
  }

  // `cond` (a relation between a bound symbol and a constant) as a node.
  graph::Node* materialize(const Expr& cond) {
    const Expr::Rel rel = cond.relation();
    if (rel == Expr::Rel::None) return nullptr;
    const Expr lhs = cond.lhs(), rhs = cond.rhs();
    const bool swap = !known_.count(lhs);
    const Expr& symbol = swap ? rhs : lhs;
    const Expr& constant = swap ? lhs : rhs;
    auto it = known_.find(symbol);
    const std::optional<int64_t> c = constant.as_int();
    if (it == known_.end() || !c) return nullptr;
    const Operator op = operator_of(swap ? reflected(rel) : rel);
    graph::Node* n = g_.call_function(std::string("operator.") + op.name, translator::operator_function(op.name),
                                      Value(lang::make_tuple({Value::borrow(it->second), Value::integer(*c)})));
    n->example_value = Value(env_->node(op.build(symbol, constant), tensor::SymKind::Bool));
    place(n);
    return n;
  }

  void add_range_asserts(const Expr& s, const symbolic::SymbolInfo& info) {
    if (info.is_float) return;
    const symbolic::ValueRange r = env_->range_of(s);
    if (!r.lower_is_infinite()) {
      const Expr e = symbolic::ge(s, Expr(r.lo));
      if (graph::Node* n = materialize(e)) add_assert(n, e);
    }
    // An upper bound of sys.maxsize - 1 (a data-dependent size of an
    // unbounded input) counts as none, as in PyTorch.
    if (r.hi < symbolic::ValueRange::kPosInf - 1) {
      const Expr e = symbolic::le(s, Expr(r.hi));
      if (graph::Node* n = materialize(e)) add_assert(n, e);
    }
  }

  // The recorded asserts whose symbols are all bound now. A single-symbol
  // bound on a symbol torch._check_is_size constrains repeats its range assert.
  void add_deferred_asserts() {
    const std::vector<symbolic::RuntimeAssert>& all = env_->runtime_asserts();
    for (size_t i = 0; i < all.size(); ++i) {
      if (added_.count(i)) continue;
      const std::vector<Expr> symbols = all[i].expr.free_symbols();
      bool ready = true;
      for (const Expr& s : symbols) ready &= known_.count(s) > 0;
      if (!ready) continue;
      added_.insert(i);
      if (symbols.size() == 1 && constrained_.count(symbols[0].str())) continue;
      if (graph::Node* n = materialize(all[i].expr)) add_assert(n, all[i].expr);
    }
  }

  // torch._check(cond) -> _assert_scalar(cond, "... <cond> on node 'cond'").
  void rewrite_check(graph::Node* check) {
    const Value cond = check->args.as<lang::Tuple>()->items.at(0);
    const graph::Node* c = cond.as<graph::Node>();
    const tensor::SymNodeImpl* s = tensor::as_sym_node(c->example_value);
    const Expr* e = s ? symbolic::expr_of(*s) : nullptr;
    const std::string text = e ? e->str() : c->name;
    check->target = kAssertTarget;
    check->callable = assert_scalar_callable();
    check->args = Value(lang::make_tuple({cond, assert_message(text, *c)}));
    g_.rename(check, kAssertName);
  }

  graph::Graph& g_;
  std::shared_ptr<symbolic::ShapeEnv> env_;
  std::unordered_map<Expr, graph::Node*> known_; // a value -> the node computing it (PyTorch's expr_to_proxy)
  std::set<std::string> constrained_;
  std::set<size_t> added_;
  graph::Node* last_ = nullptr;
};

} // namespace

Value assert_scalar_callable() {
  static const Value f = aten_callable("_assert_scalar", "default");
  return f;
}

void insert_runtime_asserts(graph::Graph& g, const std::shared_ptr<symbolic::ShapeEnv>& env) {
  Inserter(g, env).run();
}

} // namespace refc::dynamo
