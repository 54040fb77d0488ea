// AtenGraphRecorder: the tracing mode of AOT Autograd. While it is the op
// observer, every op call the dispatcher reports becomes a node
// `torch.ops.aten.<op>.<overload>(...)` of one graph, its arguments written
// as 2.14's make_fx writes them (schema order, trailing defaults dropped,
// keyword-only arguments as keywords) and its example value the fake result.
// Tensors are matched to nodes by identity, so a value computed outside the
// recorded ops (a tensor the program built from data) is an error that names
// the op that read it.
#pragma once
#include "reference_compiler/aot/decompositions.h"
#include "reference_compiler/graph/graph.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/sym_node.h"
#include "reference_compiler/tensor/tensor.h"
#include <optional>
#include <unordered_map>
#include <vector>

namespace refc::aot {

class AtenGraphRecorder : public ops::OpObserver {
public:
  // Records into `g` while alive (the previous observer comes back after).
  explicit AtenGraphRecorder(graph::Graph& g);
  ~AtenGraphRecorder() override;
  AtenGraphRecorder(const AtenGraphRecorder&) = delete;
  AtenGraphRecorder& operator=(const AtenGraphRecorder&) = delete;

  // A graph input named `name` standing for `value` (a fake tensor, a
  // number or a symbolic int: the symbol's node from now on).
  graph::Node* add_input(const std::string& name, const lang::Value& value);
  // The node computing tensor `t`, or else the one computing a tensor with
  // t's storage and geometry (autograd keeps detached aliases of the outputs
  // it saves); null when the trace never saw it.
  graph::Node* node_of(const tensor::Tensor& t) const;
  // A value as graph arguments write it: tensors become their nodes (a
  // detached alias becomes detach nodes of the tensor it aliases), int
  // lists become lists, symbolic ints become the nodes computing them from
  // the input symbols (operator.add / mul / floordiv / mod, as 2.14 traces
  // size arithmetic; a symbol without an input of its own is read with
  // aten.sym_size.int off an input tensor); `op` names the reader in the
  // error for a tensor the trace never saw.
  lang::Value to_argument(const lang::Value& v, std::string_view op);

  // Ops recorded while the backward of `grad_fn` runs are attributed to
  // `frame`, the user line of the forward call that made it.
  void attribute_backward(const tensor::Node* grad_fn, const graph::UserFrame& frame) {
    backward_frames_[grad_fn] = frame;
  }

  // Ops of `table` are replaced by their decompositions (null: none).
  void set_decompositions(const DecompositionTable* table) { decompositions_ = table; }

  void on_op(const ops::OpDef& op, const ops::OpArgs& args, const lang::Value& result) override;
  lang::Value decompose(const ops::OpDef& op, const ops::OpArgs& args) override {
    return decompositions_ ? decompositions_->apply(op, args) : lang::Value();
  }

private:
  void bind(const tensor::Tensor& t, graph::Node* n);
  graph::Node* alias_of(const tensor::Tensor& t) const;
  lang::Value symbolic_argument(const tensor::SymNodeImpl& s, std::string_view op);
  // The user line of the op being recorded: the forward call whose backward runs.
  std::optional<graph::UserFrame> current_frame() const;

  graph::Graph& graph_;
  ops::OpObserver* previous_;
  const DecompositionTable* decompositions_ = nullptr;
  // The example values keep the tensors alive.
  std::unordered_map<const tensor::TensorImpl*, graph::Node*> nodes_;
  std::unordered_map<const tensor::Storage*, std::vector<std::pair<tensor::Tensor, graph::Node*>>> by_storage_;
  std::unordered_map<const tensor::Node*, graph::UserFrame> backward_frames_;
  std::unordered_map<std::string, lang::Value> symbols_;                      // expression -> its node
  std::unordered_map<std::string, std::pair<graph::Node*, int64_t>> size_of_; // symbol -> (input tensor, dim)
};

} // namespace refc::aot
