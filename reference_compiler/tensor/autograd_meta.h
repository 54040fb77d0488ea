// The autograd graph's data: Node (a backward function, what `grad_fn` is),
// Edge (which input of which node a gradient flows to) and AutogradMeta (a
// tensor's requires_grad, .grad, grad_fn and view relationship). The engine
// that runs the graph, AccumulateGrad and the recording of nodes live with the
// ops (ops/), because they compute with ops; this layer only holds the structure.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/tensor/tensor.h"

#include <functional>
#include <string>
#include <vector>

namespace refc::tensor {

struct Node;

struct Edge {
  lang::Ref<Node> fn; // null: the input does not need a gradient
  uint32_t input_nr = 0;
  bool valid() const { return static_cast<bool>(fn); }
};

// What a node's input (a forward output) looked like, so the engine can make a
// zero gradient for an output that received none, and check gradient shapes.
struct InputMetadata {
  SymIntVector sizes;
  DType dtype = DType::Float32;
  Device device;
};

struct Node : lang::Object {
  Node(lang::TypeObject* type, std::vector<Edge> next_edges);
  ~Node() override;

  // Gradients of the forward outputs in, gradients of the forward inputs (one
  // per next edge, undefined where none flows) out.
  virtual std::vector<Tensor> apply(std::vector<Tensor>&& grad_outputs) = 0;
  // Frees saved tensors once the graph ran without retain_graph.
  virtual void release_saved() {}
  // The class name PyTorch gives this node ("AddBackward0", "AccumulateGrad").
  virtual std::string name() const = 0;

  std::vector<Edge> next_edges;
  std::vector<InputMetadata> inputs; // one per forward output
  uint64_t sequence_nr;              // creation order; the engine runs later nodes first
  // Hooks on the gradient of forward output `output_nr` (Tensor.register_hook,
  // retain_grad), run in order before apply; a hook may replace the gradient
  // by returning a defined tensor.
  struct PreHook {
    uint32_t output_nr;
    std::function<Tensor(const Tensor&)> fn;
    const void* owner = nullptr; // the TensorImpl a retain_grad hook writes to
  };
  std::vector<PreHook> pre_hooks;
  bool released = false; // saved tensors were freed (backward without retain_graph)
};

struct AutogradMeta {
  bool requires_grad = false;
  bool retains_grad = false;
  Tensor grad;                  // .grad
  lang::Ref<Node> grad_fn;      // null for leaves
  uint32_t output_nr = 0;       // which output of grad_fn this tensor is
  Node* grad_accumulator = nullptr; // a leaf's AccumulateGrad; not owned: the graph owns it
  Tensor base;                  // for a view: the tensor whose storage it views
  // A leaf's hooks (Tensor.register_hook), run on its gradient before it is
  // accumulated or captured; non-leaf hooks are pre-hooks of grad_fn.
  std::vector<std::function<Tensor(const Tensor&)>> hooks;
};

// The autograd metadata of `t`, created on first use.
AutogradMeta& autograd_meta(const Tensor& t);
// Null when t has none.
inline AutogradMeta* autograd_meta_or_null(const Tensor& t) { return t->autograd.get(); }

// The common base of the node types (torch.autograd.graph.Node), where the
// torch layer puts name(), next_functions and friends.
lang::TypeObject* node_base_type();

// Monotonic counter behind Node::sequence_nr.
uint64_t next_sequence_nr();

// The interpreter type of nodes named `name` ("AddBackward0"), made on first use.
lang::TypeObject* node_type(const std::string& name);

} // namespace refc::tensor
