// Functionalization (see functionalize.h).
#include "reference_compiler/aot/functionalize.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/op_registry.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_callables.h"

#include <unordered_map>

namespace refc::aot {

using graph::Node;
using lang::Value;
using tensor::Tensor;

namespace {

const tensor::TensorImpl* tensor_of(const Node& n) {
  return tensor::is_tensor(n.example_value) ? Tensor::from_value(n.example_value).impl() : nullptr;
}

Node* argument_node(const Node& n, size_t i) {
  const std::vector<Value>& args = n.args.as<lang::Tuple>()->items;
  return i < args.size() && graph::is_node(args[i]) ? args[i].as<Node>() : nullptr;
}

// The node whose value `n` mutated in place, followed to the value before any mutation.
Node* unmutated(Node* n, const std::unordered_map<const Node*, Node*>& mutated_from) {
  for (auto it = mutated_from.find(n); it != mutated_from.end(); it = mutated_from.find(n)) n = it->second;
  return n;
}

} // namespace

bool is_mutation(const Node& n) {
  const ops::OpDef* op = torch::aten_op_of(n.callable);
  if (!op) return false;
  for (const ops::Argument& a : op->schema.arguments)
    if (a.is_write) return true;
  return false;
}

bool functionalize(graph::Graph& g, bool epilogue_frames) {
  std::vector<Node*> nodes;
  for (const auto& n : g.nodes()) nodes.push_back(n.get());
  std::unordered_map<const Node*, size_t> position;
  for (size_t i = 0; i < nodes.size(); ++i) position[nodes[i]] = i;
  std::unordered_map<const Node*, size_t> last_use; // position of a node's last user
  for (Node* n : nodes)
    for (Node* in : n->input_nodes()) last_use[in] = position[n];
  std::unordered_map<const Node*, Node*> mutated_from; // in-place node -> the node it wrote
  std::vector<std::pair<Node*, Node*>> input_mutations; // (input, its final value), first mutation order
  bool changed = false;
  for (Node* n : nodes) {
    const ops::OpDef* op = torch::aten_op_of(n->callable);
    if (!op || !op->inplace) continue;
    Node* self = argument_node(*n, 0);
    const tensor::TensorImpl* t = tensor_of(*n);
    if (!self || !t) continue;
    if (!op->functional)
      lang::raise(lang::exc::NotImplementedError, "aot_autograd: aten." + op->qualified_name + " has no functional variant");
    // Another tensor on the same storage, read after this write, would miss it.
    for (Node* other : nodes) {
      const tensor::TensorImpl* o = tensor_of(*other);
      if (!o || o == t || o->storage.get() != t->storage.get() || position[other] > position[n]) continue;
      if (last_use[other] > position[n])
        lang::raise(lang::exc::NotImplementedError,
                    "aot_autograd: aten." + op->qualified_name + " writes a tensor that shares its storage with " +
                        other->name + ", used after the write (mutation through a view is not functionalized yet)");
    }
    const ops::OpDef& functional = *op->functional;
    n->callable = torch::aten_overload(functional);
    n->target = "torch.ops.aten." + functional.schema.name + "." + functional.schema.overload_name();
    mutated_from[n] = self;
    Node* input = unmutated(self, mutated_from);
    if (input->op == graph::NodeOp::Placeholder) {
      bool seen = false;
      for (auto& [in, value] : input_mutations)
        if (in == input) value = n, seen = true;
      if (!seen) input_mutations.emplace_back(input, n);
    }
    changed = true;
  }
  const ops::OpDef& copy = ops::op("copy_");
  for (auto& [input, value] : input_mutations) {
    Node* before_output = g.nodes()[g.nodes().size() - 2].get();
    Node* c = g.call_function("torch.ops.aten.copy_.default", torch::aten_overload(copy),
                              Value(lang::make_tuple({Value::borrow(input), Value::borrow(value)})), {}, "copy_");
    c->example_value = input->example_value;
    if (epilogue_frames) c->user_frame = value->user_frame;
    g.move_after(c, before_output);
  }
  return changed;
}

} // namespace refc::aot
