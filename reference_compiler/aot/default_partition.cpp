// The default partitioner (see default_partition.h).
#include "reference_compiler/aot/default_partition.h"

#include "reference_compiler/aot/functionalize.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"
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

PartitionedGraphs default_partition(const TracedGraph& joint) {
  const graph::Graph& g = *joint.graph;
  const std::vector<Value>& outs = g.output_node()->args.as<lang::Tuple>()->items[0].as<lang::Tuple>()->items;
  const std::vector<Value> fw_outputs(outs.begin(), outs.begin() + joint.num_fw_outputs);
  const std::vector<Value> gradients(outs.begin() + joint.num_fw_outputs, outs.end());
  std::vector<Node*> placeholders = g.placeholders();
  const std::vector<Node*> primals(placeholders.begin(), placeholders.begin() + joint.num_primals);
  const std::vector<Node*> tangents(placeholders.begin() + joint.num_primals, placeholders.end());

  PartitionedGraphs parts;
  std::vector<Node*> epilogue;
  for (const auto& n : g.nodes())
    if (is_mutation(*n)) epilogue.push_back(n.get());
  std::shared_ptr<graph::Graph> forward_only = extract_graph(g, primals, fw_outputs, epilogue);
  std::unordered_set<std::string> forward_names;
  for (const auto& n : forward_only->nodes()) forward_names.insert(n->name);
  // Saved: forward values a node outside the forward reads (tensors, and
  // symbolic ints, which the forward returns last and the backward takes first).
  std::vector<Value> saved_tensors, saved_syms;
  for (const auto& n : g.nodes()) {
    if (n->op == graph::NodeOp::Output || !forward_names.count(n->name)) continue;
    for (Node* user : g.users(n.get()))
      if (user->op != graph::NodeOp::Output && !forward_names.count(user->name)) {
        (tensor::is_tensor(n->example_value) ? saved_tensors : saved_syms).push_back(Value::borrow(n.get()));
        break;
      }
  }
  std::vector<Value> fw_returned = fw_outputs;
  fw_returned.insert(fw_returned.end(), saved_tensors.begin(), saved_tensors.end());
  fw_returned.insert(fw_returned.end(), saved_syms.begin(), saved_syms.end());
  parts.forward = extract_graph(g, primals, fw_returned, epilogue);
  std::vector<Node*> bw_inputs = nodes_in(saved_syms);
  for (Node* n : nodes_in(saved_tensors)) bw_inputs.push_back(n);
  bw_inputs.insert(bw_inputs.end(), tangents.begin(), tangents.end());
  parts.backward = extract_graph(g, bw_inputs, gradients);
  parts.num_fw_outputs = joint.num_fw_outputs;
  parts.num_saved_tensors = saved_tensors.size();
  parts.num_saved_syms = saved_syms.size();
  return parts;
}

} // namespace refc::aot
