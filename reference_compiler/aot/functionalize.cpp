// Functionalization (see functionalize.h). Every tensor node is a view
// (a chain of view nodes, possibly empty) of a base node; each base has a
// current value and a generation, bumped by every write to it or to one of
// its views. A node computed at an older generation is stale: a later reader
// gets the node's view chain replayed from the base's current value instead.
#include "reference_compiler/aot/functionalize.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/op_registry.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_callables.h"

#include <map>
#include <unordered_map>

namespace refc::aot {

using graph::Node;
using lang::Value;
using tensor::Tensor;

namespace {

const tensor::TensorImpl* tensor_of(const Node& n) {
  return tensor::is_tensor(n.example_value) ? Tensor::from_value(n.example_value).impl() : nullptr;
}

const std::vector<Value>& args_of(const Node& n) { return n.args.as<lang::Tuple>()->items; }

Node* argument_node(const Node& n, size_t i) {
  const std::vector<Value>& args = args_of(n);
  return i < args.size() && graph::is_node(args[i]) ? args[i].as<Node>() : nullptr;
}

struct Alias {
  Node* base;
  std::vector<Node*> chain; // the view nodes from the base to this value
};

class Functionalizer {
public:
  Functionalizer(graph::Graph& g, bool epilogue_frames) : g_(g), epilogue_frames_(epilogue_frames) {
    for (const auto& n : g.nodes()) nodes_.push_back(n.get());
    for (size_t i = 0; i < nodes_.size(); ++i) position_[nodes_[i]] = i;
    for (Node* n : nodes_)
      for (Node* in : n->input_nodes()) last_use_[in] = position_[n];
  }

  bool run() {
    for (Node* n : nodes_) {
      if (n->op == graph::NodeOp::CallFunction || n->op == graph::NodeOp::Output) {
        n->args = graph::map_nodes(n->args, [&](Node* m) { return Value::borrow(fresh(m, n)); });
        n->kwargs = graph::map_nodes(n->kwargs, [&](Node* m) { return Value::borrow(fresh(m, n)); });
      }
      const ops::OpDef* op = torch::aten_op_of(n->callable);
      if (op && op->inplace && argument_node(*n, 0) && tensor_of(*n)) write(n, *op);
      else classify(n, op);
    }
    append_epilogue();
    return changed_;
  }

private:
  struct BaseState {
    Node* current;
    int generation = 0;
  };

  void classify(Node* n, const ops::OpDef* op) {
    Node* source = argument_node_or_null(*n);
    if (source && aliases_.count(source) && is_view(*n, op)) {
      Alias a = aliases_.at(source);
      a.chain.push_back(n);
      aliases_[n] = std::move(a);
      generation_[n] = generation_.at(source);
      return;
    }
    // A tensor, or the tuple of a multi-output view op (split), whose getitems are its views.
    const bool tuple_of_views = op && op->kind == ops::OpKind::View && !tensor_of(*n);
    if (n->op == graph::NodeOp::Output || (!tensor_of(*n) && !tuple_of_views)) return;
    aliases_[n] = Alias{n, {}};
    generation_[n] = 0;
    bases_.emplace(n, BaseState{n, 0});
  }

  static Node* argument_node_or_null(const Node& n) {
    return n.op == graph::NodeOp::CallFunction && n.args.is_obj() ? argument_node(n, 0) : nullptr;
  }

  // A view op, detach or alias of a tensor; getitem of a multi-output view.
  static bool is_view(const Node& n, const ops::OpDef* op) {
    if (op) return op->kind == ops::OpKind::View || op->schema.name == "detach" || op->schema.name == "alias";
    return n.target == "operator.getitem";
  }

  // `m` as `reader` must see it: itself, or its view chain replayed from its base's current value.
  Node* fresh(Node* m, Node* reader) {
    auto a = aliases_.find(m);
    if (a == aliases_.end()) return m;
    const BaseState& base = bases_.at(a->second.base);
    if (generation_.at(m) == base.generation) return m;
    Node* cur = base.current;
    Alias alias{a->second.base, {}};
    for (Node* v : a->second.chain) {
      alias.chain.push_back(v);
      auto key = std::make_pair(static_cast<const Node*>(v), base.generation);
      auto it = replayed_.find(key);
      if (it == replayed_.end()) {
        std::vector<Value> args = args_of(*v);
        args[0] = Value::borrow(cur);
        Node* copy = emit_before(*v, std::move(args), reader);
        aliases_[copy] = alias;
        generation_[copy] = base.generation;
        it = replayed_.emplace(key, copy).first;
      }
      cur = it->second;
    }
    return cur;
  }

  void write(Node* n, const ops::OpDef& op) {
    if (!op.functional)
      lang::raise(lang::exc::NotImplementedError, "aot_autograd: " + torch::aten_name(op) + " has no functional variant");
    Node* self = argument_node(*n, 0);
    const Alias a = aliases_.count(self) ? aliases_.at(self) : Alias{self, {}};
    check_no_other_alias(n, a.base, op);
    const ops::OpDef& functional = *op.functional;
    n->callable = torch::aten_overload(functional);
    n->target = torch::aten_target(functional);
    changed_ = true;
    BaseState& base = bases_.at(a.base);
    const int generation = base.generation + 1;
    // The written view's new value, scattered up its chain into the base's.
    Node* value = n;
    Node* anchor = n;
    for (size_t i = a.chain.size(); i-- > 0;) {
      Node* parent = i == 0 ? base.current : fresh(a.chain[i - 1], n); // the parent view as it is now
      value = scatter(*a.chain[i], parent, value, anchor);
      anchor = value;
      aliases_[value] = Alias{a.base, std::vector<Node*>(a.chain.begin(), a.chain.begin() + static_cast<std::ptrdiff_t>(i))};
      generation_[value] = generation;
    }
    aliases_[n] = a;
    generation_[n] = generation;
    base.current = value;
    base.generation = generation;
    if (a.base->op == graph::NodeOp::Placeholder) {
      bool seen = false;
      for (auto& [input, last] : input_mutations_)
        if (input == a.base) last = value, seen = true;
      if (!seen) input_mutations_.emplace_back(a.base, value);
    }
  }

  // Another base on the written tensor's storage, read after the write, would miss it.
  void check_no_other_alias(Node* n, Node* base, const ops::OpDef& op) {
    const tensor::TensorImpl* t = tensor_of(*base);
    if (!t) return;
    for (const auto& [other, state] : bases_) {
      const tensor::TensorImpl* o = tensor_of(*other);
      if (other == base || !o || o->storage.get() != t->storage.get()) continue;
      auto last = last_use_.find(other);
      if (last != last_use_.end() && last->second > position_.at(n))
        lang::raise(lang::exc::NotImplementedError,
                    "aot_autograd: " + torch::aten_name(op) + " writes a tensor that shares its storage with " + other->name +
                        ", used after the write (a mutation of aliased inputs is not functionalized)");
    }
  }

  // The new value of `view`'s input `parent` once `view` holds `value`.
  Node* scatter(const Node& view, Node* parent, Node* value, Node* anchor) {
    const ops::OpDef* op = torch::aten_op_of(view.callable);
    const std::string name = op ? op->schema.name : view.target;
    std::vector<Value> rest(args_of(view).begin() + 1, args_of(view).end());
    auto with = [&](std::vector<Value> head) {
      head.insert(head.end(), rest.begin(), rest.end());
      return head;
    };
    const Value p = Value::borrow(parent), v = Value::borrow(value);
    if (name == "slice") return emit(ops::op("slice_scatter"), with({p, v}), anchor);
    if (name == "select") return emit(ops::op("select_scatter"), with({p, v}), anchor);
    if (name == "diagonal") return emit(ops::op("diagonal_scatter"), with({p, v}), anchor);
    if (name == "as_strided") return emit(ops::op("as_strided_scatter"), with({p, v}), anchor);
    if (name == "alias" || name == "detach") return value;
    if (name == "transpose" || name == "t") return emit(*op, with({v}), anchor);
    if (name == "permute") {
      const std::vector<Value>& dims = rest[0].as<lang::List>()->items;
      std::vector<Value> inverse(dims.size());
      for (size_t i = 0; i < dims.size(); ++i) {
        int64_t d = dims[i].as_int();
        if (d < 0) d += static_cast<int64_t>(dims.size());
        inverse[static_cast<size_t>(d)] = Value::integer(static_cast<int64_t>(i));
      }
      return emit(*op, {v, Value(lang::make_list(std::move(inverse)))}, anchor);
    }
    if (name == "view" || name == "_unsafe_view" || name == "unsqueeze" || name == "squeeze" || name == "reshape") {
      const Tensor t = Tensor::from_value(parent->example_value);
      std::vector<Value> sizes;
      for (const tensor::SymInt& s : t.sym_sizes()) {
        if (!s.maybe_int())
          lang::raise(lang::exc::NotImplementedError,
                      "aot_autograd: a write through aten." + name + " of a tensor with symbolic sizes is not functionalized yet");
        sizes.push_back(Value::integer(*s.maybe_int()));
      }
      return emit(ops::op("view"), {v, Value(lang::make_list(std::move(sizes)))}, anchor);
    }
    lang::raise(lang::exc::NotImplementedError,
                "aot_autograd: a write through " + (op ? torch::aten_name(*op) : view.target) + " (a view) is not functionalized");
  }

  // A node calling `op` on `args`, placed after `anchor`, its example value computed on the example values.
  Node* emit(const ops::OpDef& op, std::vector<Value> args, Node* anchor) {
    Node* n = g_.call_function(torch::aten_target(op), torch::aten_overload(op), Value(lang::make_tuple(args)), {},
                               op.schema.name);
    n->example_value = example_of(op, args);
    n->user_frame = anchor->user_frame;
    g_.move_after(n, anchor);
    return n;
  }

  // A copy of `like` on other arguments, placed just before `reader`.
  Node* emit_before(const Node& like, std::vector<Value> args, Node* reader) {
    Node* n = g_.create_node(like.op, like.target, like.callable, Value(lang::make_tuple(args)), like.kwargs, like.name);
    if (const ops::OpDef* op = torch::aten_op_of(like.callable)) n->example_value = example_of(*op, args);
    else n->example_value = like.example_value; // getitem: the replayed item looks as the original did
    n->user_frame = reader->user_frame;
    const auto& nodes = g_.nodes();
    size_t i = 0;
    while (nodes[i].get() != reader) ++i;
    g_.move_after(n, nodes[i - 1].get());
    return n;
  }

  static Value example_of(const ops::OpDef& op, const std::vector<Value>& args) {
    ops::GradModeGuard no_grad(false);
    ops::FakeModeGuard fake(true);
    std::vector<Value> values;
    for (const Value& a : args) values.push_back(graph::map_nodes(a, [](Node* m) { return m->example_value; }));
    while (values.size() < op.schema.arguments.size()) values.push_back(op.schema.arguments[values.size()].default_value);
    return ops::call_op(op, std::move(values));
  }

  void append_epilogue() {
    const ops::OpDef& copy = ops::op("copy_");
    for (auto& [input, value] : input_mutations_) {
      Node* before_output = g_.nodes()[g_.nodes().size() - 2].get();
      Node* c = g_.call_function(torch::aten_target(copy), torch::aten_overload(copy),
                                 Value(lang::make_tuple({Value::borrow(input), Value::borrow(value)})), {}, "copy_");
      c->example_value = input->example_value;
      if (epilogue_frames_) c->user_frame = value->user_frame;
      g_.move_after(c, before_output);
    }
  }

  graph::Graph& g_;
  bool epilogue_frames_;
  bool changed_ = false;
  std::vector<Node*> nodes_; // the traced nodes, in order (new ones are not visited)
  std::unordered_map<const Node*, size_t> position_, last_use_;
  std::unordered_map<const Node*, Alias> aliases_;
  std::unordered_map<const Node*, int> generation_;
  std::unordered_map<const Node*, BaseState> bases_;
  std::map<std::pair<const Node*, int>, Node*> replayed_; // (view node, generation) -> its replay
  std::vector<std::pair<Node*, Node*>> input_mutations_;  // (input, its final value), first mutation order
};

} // namespace

bool is_mutation(const Node& n) {
  const ops::OpDef* op = torch::aten_op_of(n.callable);
  if (!op) return false;
  for (const ops::Argument& a : op->schema.arguments)
    if (a.is_write) return true;
  return false;
}

bool functionalize(graph::Graph& g, bool epilogue_frames) { return Functionalizer(g, epilogue_frames).run(); }

} // namespace refc::aot
