// Autograd: recording a node for a differentiable op call, the nodes
// themselves (OpNode for registry ops, AccumulateGrad for leaves), and the
// engine that runs a backward pass. Gradients are computed by ops, so a
// backward pass with create_graph records history like any forward code.
#pragma once

#include "reference_compiler/ops/op_registry.h"
#include "reference_compiler/tensor/autograd_meta.h"

#include <functional>
#include <optional>
#include <vector>

namespace refc::ops {

using tensor::Edge;
using tensor::Node;

// What a derivative formula sees: the call's arguments (tensors the op's
// Derivative::saved_args names, everything else as given; unsaved tensors are
// None), the metadata of every tensor input, the saved outputs, and which
// inputs need a gradient.
struct BackwardContext {
  const OpDef* op;
  std::vector<lang::Value> values;         // one per schema argument
  std::vector<TensorSpec> input_specs;     // one per flattened tensor input
  std::vector<int> input_arg;              // flattened tensor input -> argument index
  std::vector<Tensor> results;             // outputs by index; those Derivative::saved_results omits are undefined
  std::vector<bool> needs_grad;            // one per flattened tensor input

  OpArgs args() const { return OpArgs(op->schema, values); }
  // Saved tensor argument i (must be among Derivative::saved_args).
  Tensor tensor(size_t arg) const;
  // Sizes / dtype of the tensor input at argument index `arg` (saved or not).
  const TensorSpec& spec_of_arg(size_t arg) const;
  // Whether the tensor at argument index `arg` needs a gradient.
  bool needs_grad_of_arg(size_t arg) const;
  const Tensor& result(size_t i = 0) const { return results[i]; }
};

// The node recorded for one call of a registry op with a derivative.
struct OpNode : Node {
  OpNode(const OpDef& op, std::vector<Edge> edges);
  std::vector<Tensor> apply(std::vector<Tensor>&& grad_outputs) override;
  void release_saved() override;
  std::string name() const override { return op->derivative->node_name; }

  const OpDef* op;
  BackwardContext ctx;
  // The saved tensors with their versions at recording time, to detect
  // in-place modification before backward (the error names the node that
  // produced the tensor: this one for an output, else its current grad_fn).
  struct Saved {
    Tensor tensor;
    uint64_t version;
    std::optional<uint32_t> output_nr; // set for this node's outputs
  };
  std::vector<Saved> saved;
};

// A leaf's gradient sink: accumulates into `variable.grad`.
struct AccumulateGrad : Node {
  explicit AccumulateGrad(Tensor variable);
  ~AccumulateGrad() override;
  std::vector<Tensor> apply(std::vector<Tensor>&& grads) override;
  std::string name() const override { return "AccumulateGrad"; }
  Tensor variable;
};

// The edge a gradient for `t` flows along: (grad_fn, output_nr) for a tensor
// computed by a differentiable op, the leaf's AccumulateGrad when it requires
// grad, or an invalid edge.
Edge gradient_edge(const Tensor& t);

// The derivative of ops whose gradient is zero by definition (step
// functions such as floor and sign, fills, sampling): zeros shaped like each
// input that needs one.
std::vector<Tensor> zero_derivative(const BackwardContext& c, const std::vector<Tensor>& grad_outputs);

// tensor.requires_grad = enable: only leaves, only floating dtypes (PyTorch's
// message for other dtypes depends on the entry point).
void set_requires_grad(const Tensor& t, bool enable,
                       std::string_view dtype_error = "only Tensors of floating point and complex dtype can require gradients");

// A node whose backward is given as a function (torch.autograd.Function):
// gradients of `outputs` in, one per `inputs` out. The outputs become its
// outputs (they must not have history); inputs that need no gradient get none.
using BackwardCallback = std::function<std::vector<Tensor>(std::vector<Tensor>&& grad_outputs)>;
void record_function_node(std::string name, BackwardCallback backward, const std::vector<Tensor>& inputs,
                          const std::vector<Tensor>& outputs);

// Records autograd history for a call of `op` that ran below autograd and
// produced `result`. `inputs_before` holds the tensor inputs as they were
// before an in-place op mutated them (clones, only where a formula needs them).
void record_autograd(const OpDef& op, const OpArgs& args, const lang::Value& result,
                     const std::vector<Tensor>& saved_originals);

// Whether the tensor inputs of a call need autograd recording.
bool any_requires_grad(const OpDef& op, const OpArgs& args);

// tensor.backward(gradient, retain_graph, create_graph, inputs) and
// torch.autograd.grad(outputs, inputs, grad_outputs, retain_graph,
// create_graph, allow_unused): runs the graph from `roots`. With `inputs`
// given and `accumulate` false, returns their gradients instead of
// accumulating into .grad (undefined where none flows).
struct BackwardOptions {
  bool keep_graph = false;
  bool create_graph = false;
  bool accumulate = true;
  bool allow_unused = false;
};
std::vector<Tensor> run_backward(const std::vector<Tensor>& roots,
                                 const std::vector<Tensor>& grad_roots,
                                 const std::vector<Tensor>& inputs, const BackwardOptions& options);

// Flattened tensor inputs of a call (Tensor, Tensor? and Tensor[] arguments in
// order), with the argument index each came from.
void flatten_tensor_inputs(const OpDef& op, const OpArgs& args, std::vector<Tensor>& tensors,
                           std::vector<int>* arg_index = nullptr);

} // namespace refc::ops
