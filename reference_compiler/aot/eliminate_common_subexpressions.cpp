// Common-subexpression elimination (see eliminate_common_subexpressions.h).
#include "reference_compiler/aot/eliminate_common_subexpressions.h"

#include "reference_compiler/aot/functionalize.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_callables.h"

#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace refc::aot {

using graph::Node;
using lang::Value;

namespace {

// The ops 2.14 tags nondeterministic_seeded that refc's graphs can hold.
bool is_random(const Node& n) {
  static const std::unordered_set<std::string_view> random = {
      "native_dropout", "rand",      "rand_like", "randn",   "randn_like", "randint", "randint_like",
      "randperm",       "bernoulli", "normal",    "uniform", "multinomial", "exponential", "dropout",
      "empty"}; // empty is not random, but its contents are not a value either
  const ops::OpDef* op = torch::aten_op_of(n.callable);
  return op && random.count(op->schema.name);
}

const tensor::Storage* storage_of(const Node& n) {
  return tensor::is_tensor(n.example_value) ? tensor::Tensor::from_value(n.example_value)->storage.get() : nullptr;
}

} // namespace

bool eliminate_common_subexpressions(graph::Graph& g, const std::function<bool(const Node&)>& keep_apart) {
  std::unordered_set<const tensor::Storage*> output_storages;
  for (Node* out : g.output_node()->input_nodes())
    if (const tensor::Storage* s = storage_of(*out)) output_storages.insert(s);
  std::unordered_map<const Node*, Node*> replacement;
  std::unordered_map<std::string, Node*> seen;
  auto canonical = [&](Node* n) {
    auto it = replacement.find(n);
    return Value::borrow(it == replacement.end() ? n : it->second);
  };
  for (const auto& node : g.nodes()) {
    Node* n = node.get();
    if (n->op != graph::NodeOp::CallFunction || is_random(*n) || is_mutation(*n)) continue;
    if (const tensor::Storage* s = storage_of(*n); s && output_storages.count(s)) continue;
    // Arguments as the earlier replacements left them; nodes print as their names.
    const std::string key = n->target + (keep_apart && keep_apart(*n) ? "|apart|" : "|") + std::string(lang::repr(graph::map_nodes(n->args, canonical))->view()) +
                            "|" + std::string(lang::repr(graph::map_nodes(n->kwargs, canonical))->view());
    auto [it, fresh] = seen.emplace(key, n);
    if (!fresh) replacement[n] = it->second;
  }
  if (replacement.empty()) return false;
  for (const auto& node : g.nodes()) {
    Node* n = node.get();
    n->args = graph::map_nodes(n->args, canonical);
    n->kwargs = graph::map_nodes(n->kwargs, canonical);
  }
  std::unordered_set<const Node*> merged;
  for (const auto& [n, kept] : replacement) merged.insert(n);
  g.erase(merged);
  return true;
}

} // namespace refc::aot
