// Dead-code elimination (see eliminate_dead_code.h).
#include "reference_compiler/aot/eliminate_dead_code.h"

#include "reference_compiler/aot/functionalize.h"

#include <unordered_map>
#include <unordered_set>

namespace refc::aot {

bool eliminate_dead_code(graph::Graph& g) {
  std::unordered_map<const graph::Node*, size_t> uses;
  for (const auto& n : g.nodes())
    for (graph::Node* in : n->input_nodes()) ++uses[in];
  std::unordered_set<const graph::Node*> dead;
  for (size_t i = g.nodes().size(); i-- > 0;) {
    graph::Node* n = g.nodes()[i].get();
    if (n->op != graph::NodeOp::CallFunction || uses[n] > 0 || is_mutation(*n)) continue;
    for (graph::Node* in : n->input_nodes()) --uses[in];
    dead.insert(n);
  }
  g.erase(dead);
  return !dead.empty();
}

} // namespace refc::aot
