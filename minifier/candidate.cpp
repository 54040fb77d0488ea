// Candidates: reading one from a repro, running it eagerly, and the copies
// strategies make of it.
#include "minifier/candidate.h"

#include "reference_compiler/graph/graph_interpreter.h"
#include "reference_compiler/graph/graph_parser.h"
#include "reference_compiler/graph/graph_printer.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/tensor.h"

namespace refc::minifier {

using graph::Graph;
using graph::Node;
using graph::NodeOp;
using lang::Value;

namespace {

bool is_op(const Node* n) { return n->op != NodeOp::Placeholder && n->op != NodeOp::Output; }

// Whether a value can be a repro input: a tensor with data or a Python scalar.
bool can_be_input(const Value& v) {
  if (tensor::is_tensor(v)) return tensor::Tensor::from_value(v).has_data();
  return v.is_none() || v.is_intlike() || v.is_float();
}

Value copy_input(const Value& v) {
  if (!tensor::is_tensor(v)) return v;
  // clone keeps a dense tensor's strides; what matters here is the values.
  return ops::call("clone", tensor::Tensor::from_value(v));
}

// Every constant leaf of an argument structure through f (nodes stay).
Value map_leaves(const Value& arg, const std::function<Value(const Value&)>& f) {
  if (graph::is_node(arg)) return arg;
  if (!arg.is_obj()) return f(arg);
  auto map_items = [&](const std::vector<Value>& items) {
    std::vector<Value> out;
    for (const Value& v : items) out.push_back(map_leaves(v, f));
    return out;
  };
  switch (arg.as_obj()->type->layout) {
  case lang::Layout::Tuple: return Value(lang::make_tuple(map_items(arg.as<lang::Tuple>()->items)));
  case lang::Layout::List: return Value(lang::make_list(map_items(arg.as<lang::List>()->items)));
  case lang::Layout::Dict: {
    lang::Ref<lang::Dict> out = lang::make_dict();
    for (const lang::Dict::Entry& e : arg.as<lang::Dict>()->entries())
      if (!e.key.is_null()) out->set(e.key, map_leaves(e.value, f));
    return Value(out);
  }
  default: return f(arg);
  }
}

// Copies nodes from one graph into a new one, remembering where each went.
class Copier {
public:
  explicit Copier(const Graph& from) {
    for (const auto& [name, sub] : from.subgraphs()) to_->add_subgraph(name, sub);
  }

  void placeholder(const Node& n, const std::string& target, std::string_view name, Value input) {
    map_[&n] = to_->placeholder(target, name);
    inputs_.push_back(std::move(input));
  }
  void alias(const Node& n, const Node& same) { map_[&n] = map_.at(&same); }
  void op(const Node& n, const std::function<Value(const Value&)>& constant = {}) {
    auto arg = [&](const Value& a) {
      Value mapped = graph::map_nodes(a, [&](Node* in) { return Value::borrow(map_.at(in)); });
      return constant ? map_leaves(mapped, constant) : mapped;
    };
    Node* copy = to_->create_node(n.op, n.target, n.callable, arg(n.args), arg(n.kwargs), n.name);
    copy->user_frame = n.user_frame;
    map_[&n] = copy;
  }
  Candidate finish(const std::vector<Node*>& outputs) {
    std::vector<Value> results;
    for (Node* n : outputs) results.push_back(Value::borrow(map_.at(n)));
    to_->output(Value(lang::make_tuple(std::move(results))));
    to_->verify();
    return Candidate{std::move(to_), std::move(inputs_)};
  }

private:
  std::shared_ptr<Graph> to_ = std::make_shared<Graph>();
  std::unordered_map<const Node*, Node*> map_;
  std::vector<Value> inputs_;
};

} // namespace

std::vector<Node*> Candidate::ops() const {
  std::vector<Node*> out;
  for (const auto& n : graph->nodes())
    if (is_op(n.get())) out.push_back(n.get());
  return out;
}

std::vector<Node*> Candidate::outputs() const {
  std::vector<Node*> out;
  if (const Node* o = graph->output_node())
    graph::for_each_node(o->args, [&](Node* n) {
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    });
  return out;
}

int64_t Candidate::input_elements() const {
  int64_t total = 0;
  for (const Value& v : inputs)
    if (tensor::is_tensor(v)) total += tensor::Tensor::from_value(v).numel();
  return total;
}

NodeValues eager_values(const Candidate& c, const Value& root) {
  std::vector<Value> inputs;
  for (const Value& v : c.inputs) inputs.push_back(copy_input(v));
  NodeValues values;
  graph::run_graph(*c.graph, inputs, root, [&](const Node& n, const Value& v) { values[&n] = v; });
  return values;
}

Candidate parse_candidate(std::string_view text, std::vector<Value> inputs) {
  Candidate c{graph::parse_graph(text), std::move(inputs)};
  const size_t placeholders = c.graph->placeholders().size();
  if (placeholders != c.inputs.size())
    lang::raise(lang::exc::ValueError, "minifier: the graph has " + std::to_string(placeholders) +
                                           " inputs but load_args gives " + std::to_string(c.inputs.size()));
  return c;
}

Candidate extract(const Candidate& c, const std::vector<bool>& keep_in, const std::vector<Node*>& outputs,
                  const NodeValues& values) {
  const std::vector<Node*> ops = c.ops();
  std::unordered_map<const Node*, size_t> index;
  for (size_t i = 0; i < ops.size(); ++i) index[ops[i]] = i;
  std::vector<bool> keep = keep_in;
  auto must_keep = [&](const Node* n) {
    auto it = index.find(n);
    return it != index.end() && !keep[it->second] &&
           (n->op == NodeOp::GetAttr || !values.count(n) || !can_be_input(values.at(n)));
  };
  for (const Node* out : outputs)
    if (must_keep(out)) keep[index.at(out)] = true;
  // Inputs come before their users, so one backward sweep closes the set.
  for (size_t i = ops.size(); i-- > 0;)
    if (keep[i])
      for (Node* in : ops[i]->input_nodes())
        if (must_keep(in)) keep[index.at(in)] = true;

  std::unordered_map<const Node*, bool> used;
  for (size_t i = 0; i < ops.size(); ++i)
    if (keep[i])
      for (Node* in : ops[i]->input_nodes()) used[in] = true;
  for (const Node* out : outputs) used[out] = true;

  Copier copy(*c.graph);
  size_t input = 0;
  for (const auto& node : c.graph->nodes()) {
    const Node& n = *node;
    if (n.op == NodeOp::Placeholder) {
      const Value& v = c.inputs[input++];
      if (used.count(&n)) copy.placeholder(n, n.target, n.name, v);
    } else if (n.op != NodeOp::Output) {
      if (keep[index.at(&n)]) copy.op(n);
      else if (used.count(&n)) copy.placeholder(n, n.name, n.name, values.at(&n));
    }
  }
  return copy.finish(outputs);
}

std::vector<bool> live_ops(const Candidate& c, const std::vector<bool>& keep, const std::vector<Node*>& outputs) {
  const std::vector<Node*> ops = c.ops();
  std::unordered_map<const Node*, size_t> index;
  for (size_t i = 0; i < ops.size(); ++i) index[ops[i]] = i;
  std::vector<bool> live(ops.size(), false);
  auto mark = [&](const Node* n) {
    if (auto it = index.find(n); it != index.end() && keep[it->second]) live[it->second] = true;
  };
  for (const Node* out : outputs) mark(out);
  for (size_t i = ops.size(); i-- > 0;)
    if (live[i])
      for (Node* in : ops[i]->input_nodes()) mark(in);
  return live;
}

Candidate merge_inputs(const Candidate& c, const std::vector<size_t>& same_as) {
  const std::vector<Node*> placeholders = c.graph->placeholders();
  Copier copy(*c.graph);
  for (size_t i = 0; i < placeholders.size(); ++i)
    if (same_as[i] == i) copy.placeholder(*placeholders[i], placeholders[i]->target, placeholders[i]->name, c.inputs[i]);
  for (size_t i = 0; i < placeholders.size(); ++i)
    if (same_as[i] != i) copy.alias(*placeholders[i], *placeholders[same_as[i]]);
  for (Node* n : c.ops()) copy.op(*n);
  Candidate merged = copy.finish(c.outputs());
  std::vector<bool> all(merged.op_count(), true);
  return extract(merged, all, merged.outputs(), {}); // drops inputs left unread
}

Candidate with_inputs(const Candidate& c, std::vector<Value> inputs) { return Candidate{c.graph, std::move(inputs)}; }

Candidate map_constants(const Candidate& c, const ConstantMap& f, const Node* only) {
  Copier copy(*c.graph);
  size_t input = 0;
  for (const auto& node : c.graph->nodes()) {
    const Node& n = *node;
    if (n.op == NodeOp::Placeholder) copy.placeholder(n, n.target, n.name, c.inputs[input++]);
    else if (n.op != NodeOp::Output) copy.op(n, only && only != &n ? std::function<Value(const Value&)>()
                                                                  : [&](const Value& v) { return f(n, v); });
  }
  return copy.finish(c.outputs());
}

std::string graph_code(const Candidate& c) { return graph::print_readable(*c.graph, "Repro"); }

} // namespace refc::minifier
