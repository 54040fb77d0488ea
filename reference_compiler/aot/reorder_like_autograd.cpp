// Reordering the backward like the autograd engine (see reorder_like_autograd.h).
#include "reference_compiler/aot/reorder_like_autograd.h"

#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/torch/op_callables.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace refc::aot {

using graph::Node;
using lang::Value;

std::shared_ptr<graph::Graph> reorder_like_autograd(const std::shared_ptr<graph::Graph>& backward) {
  const auto& nodes = backward->nodes();
  std::unordered_map<const Node*, size_t> order;
  for (size_t i = 0; i < nodes.size(); ++i) order[nodes[i].get()] = i;
  // The first node reading a tangent (placeholders after the saved values are tangents_*).
  size_t first = nodes.size();
  for (const auto& n : nodes)
    if (n->op != graph::NodeOp::Placeholder)
      for (Node* in : n->input_nodes())
        if (in->op == graph::NodeOp::Placeholder && in->name.starts_with("tangents")) first = std::min(first, order[n.get()]);
  if (first == nodes.size()) return backward;

  auto out = std::make_shared<graph::Graph>();
  std::unordered_map<const Node*, Node*> copies;
  auto copy = [&](const Node* n) {
    Node* c = n->op == graph::NodeOp::Placeholder
                  ? out->placeholder(n->target, n->name)
                  : n->op == graph::NodeOp::Output
                        ? out->output(graph::map_nodes(n->args.as<lang::Tuple>()->items[0],
                                                       [&](Node* m) { return Value::borrow(copies.at(m)); }))
                        : out->create_node(n->op, n->target, n->callable,
                                           graph::map_nodes(n->args, [&](Node* m) { return Value::borrow(copies.at(m)); }),
                                           graph::map_nodes(n->kwargs, [&](Node* m) { return Value::borrow(copies.at(m)); }),
                                           n->name);
    c->example_value = n->example_value;
    c->user_frame = n->user_frame;
    copies[n] = c;
  };
  // A node with the nodes it needs that are not placed yet, in their original order.
  auto insert = [&](const Node* n) {
    std::vector<const Node*> needed, work{n};
    std::unordered_set<const Node*> seen;
    while (!work.empty()) {
      const Node* m = work.back();
      work.pop_back();
      if (copies.count(m) || !seen.insert(m).second) continue;
      needed.push_back(m);
      for (Node* in : m->input_nodes()) work.push_back(in);
    }
    std::sort(needed.begin(), needed.end(), [&](const Node* a, const Node* b) { return order[a] < order[b]; });
    for (const Node* m : needed) copy(m);
  };
  for (const auto& n : nodes)
    if (n->op == graph::NodeOp::Placeholder) copy(n.get());
  static const ops::OpDef& copy_ = ops::op("copy_");
  for (size_t i = 0; i < first; ++i)
    if (torch::aten_op_of(nodes[i]->callable) == &copy_) insert(nodes[i].get());
  for (size_t i = first; i < nodes.size(); ++i) insert(nodes[i].get());
  return out;
}

} // namespace refc::aot
