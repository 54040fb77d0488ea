// Node bookkeeping: creation order and the per-name node types that make
// `type(t.grad_fn).__name__` read "MulBackward0".
#include "reference_compiler/tensor/autograd_meta.h"

#include "reference_compiler/lang/module_builder.h"

#include <map>

namespace refc::tensor {

Node::Node(lang::TypeObject* type, std::vector<Edge> next_edges)
    : lang::Object(type), next_edges(std::move(next_edges)), sequence_nr(next_sequence_nr()) {}

Node::~Node() = default;

AutogradMeta& autograd_meta(const Tensor& t) {
  if (!t->autograd) t->autograd = std::make_unique<AutogradMeta>();
  return *t->autograd;
}

uint64_t next_sequence_nr() {
  static uint64_t counter = 0;
  return counter++;
}

lang::TypeObject* node_base_type() {
  static lang::TypeObject* type = lang::make_module_type("Node", "torch.autograd.graph", lang::Layout::Other);
  return type;
}

// PyTorch's node classes are C types named without a module: repr reads
// "<MulBackward0 object at 0x...>".
lang::TypeObject* node_type(const std::string& name) {
  // Types are immortal; so is their cache (never destroyed at exit, where it
  // would leave them unreachable).
  static auto& types = *new std::map<std::string, lang::TypeObject*>;
  auto [it, inserted] = types.try_emplace(name, nullptr);
  if (inserted) it->second = lang::make_module_type(name, "builtins", lang::Layout::Other, node_base_type());
  return it->second;
}

} // namespace refc::tensor
