// What the partitioners share (see partition_graphs.h).
#include "reference_compiler/aot/partition_graphs.h"

#include "reference_compiler/aot/functionalize.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/sym_node.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <unordered_map>
#include <unordered_set>

namespace refc::aot {

using graph::Node;
using lang::Value;

namespace {

// Nodes `roots` reach through their arguments, stopping at `stop`.
std::unordered_set<const Node*> ancestors(const std::vector<Node*>& roots, const std::unordered_set<const Node*>& stop) {
  std::unordered_set<const Node*> seen;
  std::vector<Node*> work(roots.begin(), roots.end());
  while (!work.empty()) {
    Node* n = work.back();
    work.pop_back();
    if (!seen.insert(n).second || stop.count(n)) continue;
    for (Node* in : n->input_nodes()) work.push_back(in);
  }
  return seen;
}

std::vector<Node*> nodes_in(const std::vector<Value>& values) {
  std::vector<Node*> out;
  for (const Value& v : values) graph::for_each_node(v, [&](Node* n) { out.push_back(n); });
  return out;
}

} // namespace

UsersMap users_of(const graph::Graph& g) {
  UsersMap users;
  for (const auto& n : g.nodes())
    for (Node* in : n->input_nodes()) users[in].push_back(n.get());
  return users;
}

bool is_sym_node(const Node& n) {
  const Value& v = n.example_value;
  return v.is_int() || v.is_bool() || v.is_float() || tensor::as_sym_node(v) != nullptr;
}

JointParts joint_parts(const TracedGraph& joint) {
  const graph::Graph& g = *joint.graph;
  JointParts p;
  const std::vector<Value>& outs = g.output_node()->args.as<lang::Tuple>()->items[0].as<lang::Tuple>()->items;
  p.fw_outputs.assign(outs.begin(), outs.begin() + static_cast<std::ptrdiff_t>(joint.num_fw_outputs));
  p.gradients.assign(outs.begin() + static_cast<std::ptrdiff_t>(joint.num_fw_outputs), outs.end());
  std::vector<Node*> placeholders = g.placeholders();
  p.primals.assign(placeholders.begin(), placeholders.begin() + static_cast<std::ptrdiff_t>(joint.num_primals));
  p.tangents.assign(placeholders.begin() + static_cast<std::ptrdiff_t>(joint.num_primals), placeholders.end());
  for (const auto& n : g.nodes())
    if (is_mutation(*n)) p.epilogue.push_back(n.get());
  return p;
}

std::unordered_set<const Node*> backward_dependencies(const TracedGraph& joint) {
  return ancestors(nodes_in(joint_parts(joint).gradients), {});
}

std::shared_ptr<graph::Graph> extract_graph(const graph::Graph& g, const std::vector<Node*>& inputs,
                                            const std::vector<Value>& outputs, const std::vector<Node*>& effects) {
  const std::unordered_set<const Node*> input_set(inputs.begin(), inputs.end());
  std::vector<Node*> roots = nodes_in(outputs);
  roots.insert(roots.end(), effects.begin(), effects.end());
  const std::unordered_set<const Node*> needed = ancestors(roots, input_set);
  auto out = std::make_shared<graph::Graph>();
  std::unordered_map<const Node*, Node*> copies;
  auto copy_of = [&](Node* n) { return Value::borrow(copies.at(n)); };
  for (Node* in : inputs) {
    Node* p = out->placeholder(in->name, in->name);
    p->example_value = in->example_value;
    copies[in] = p;
  }
  for (const auto& node : g.nodes()) {
    const Node* n = node.get();
    if (!needed.count(n) || input_set.count(n) || n->op == graph::NodeOp::Output) continue;
    if (n->op == graph::NodeOp::Placeholder)
      lang::raise(lang::exc::RuntimeError, "aot_autograd: partitioning needs " + n->name + ", which is not an input here");
    Node* c = out->create_node(n->op, n->target, n->callable, graph::map_nodes(n->args, copy_of),
                               graph::map_nodes(n->kwargs, copy_of), n->name);
    c->example_value = n->example_value;
    c->user_frame = n->user_frame;
    copies[n] = c;
  }
  std::vector<Value> returned;
  for (const Value& v : outputs) returned.push_back(graph::map_nodes(v, copy_of));
  out->output(Value(lang::make_tuple(std::move(returned))));
  return out;
}

PartitionedGraphs partition_saving(const TracedGraph& joint, const std::vector<Node*>& saved) {
  const graph::Graph& g = *joint.graph;
  const JointParts p = joint_parts(joint);
  std::vector<Node*> saved_tensors, saved_syms;
  for (Node* n : saved) (is_sym_node(*n) ? saved_syms : saved_tensors).push_back(n);
  auto backward_inputs = [&] {
    std::vector<Node*> in = saved_syms;
    in.insert(in.end(), saved_tensors.begin(), saved_tensors.end());
    in.insert(in.end(), p.tangents.begin(), p.tangents.end());
    return in;
  };
  PartitionedGraphs parts;
  parts.backward = extract_graph(g, backward_inputs(), p.gradients);
  // Saved values the backward does not read are not saved after all.
  std::unordered_set<std::string> unread;
  const UsersMap backward_users = users_of(*parts.backward);
  for (Node* in : parts.backward->placeholders())
    if (!backward_users.count(in)) unread.insert(in->name);
  if (!unread.empty()) {
    auto drop = [&](std::vector<Node*>& v) { std::erase_if(v, [&](Node* n) { return unread.count(n->name) > 0; }); };
    drop(saved_tensors);
    drop(saved_syms);
    parts.backward = extract_graph(g, backward_inputs(), p.gradients);
  }
  // Every call of the backward prints as "Backward of forward node" (2.14
  // marks them autograd_backward), the forward values it recomputes too.
  for (const auto& n : parts.backward->nodes())
    if (n->user_frame) n->user_frame->backward = true;
  std::vector<Value> fw_returned = p.fw_outputs;
  for (Node* n : saved_tensors) fw_returned.push_back(Value::borrow(n));
  for (Node* n : saved_syms) fw_returned.push_back(Value::borrow(n));
  parts.forward = extract_graph(g, p.primals, fw_returned, p.epilogue);
  parts.num_fw_outputs = joint.num_fw_outputs;
  parts.num_saved_tensors = saved_tensors.size();
  parts.num_saved_syms = saved_syms.size();
  return parts;
}

} // namespace refc::aot
