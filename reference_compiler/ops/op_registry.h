// The op registry: every tensor op is declared once, with its schema, how it
// computes (a meta function giving output geometry plus a kernel filling
// preallocated outputs; or a view; or a composite that runs other ops), its
// derivative and an optional decomposition. Eager execution, autograd, fake
// tensors, the tracer, AOT and the inductor lowerings all read this one table.
//
// Op families register themselves from one file each (op_families.def):
//   void register_binary_ops(OpRegistry& r) {
//     r.def("mul.Tensor(Tensor self, Tensor other) -> Tensor")
//         .method().numbers_as_tensors()
//         .structured(binary_meta, mul_kernel)
//         .inplace("mul_.Tensor")
//         .derivative("MulBackward0", mul_backward).saves({"self", "other"});
//   }
#pragma once

#include "reference_compiler/ops/op_args.h"
#include "reference_compiler/ops/schema.h"
#include "reference_compiler/tensor/tensor.h"

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace refc::ops {

using tensor::Tensor;

// The geometry a meta function computes for one output.
struct TensorSpec {
  tensor::SymIntVector sizes, strides;
  tensor::SymInt storage_offset = 0;
  tensor::DType dtype = tensor::DType::Float32;
  tensor::Device device;
};
// A contiguous (row-major) result on `device` (or on `like`'s device): what
// most meta functions return.
inline TensorSpec contiguous_spec(tensor::SymIntVector sizes, tensor::DType dtype, tensor::Device device) {
  tensor::SymIntVector strides = tensor::contiguous_strides(sizes);
  return TensorSpec{std::move(sizes), std::move(strides), 0, dtype, device};
}
inline TensorSpec contiguous_spec(tensor::SymIntVector sizes, tensor::DType dtype, const Tensor& like) {
  return contiguous_spec(std::move(sizes), dtype, like.device());
}
using MetaFn = std::vector<TensorSpec> (*)(const OpArgs& args);
// Fills `outs`, allocated (or, for in-place variants, aliased) from the meta's specs.
using KernelFn = void (*)(const OpArgs& args, std::span<const Tensor> outs);
// Computes the whole result from the arguments (composites, decompositions and
// ops whose output size depends on data).
using RunFn = lang::Value (*)(const OpArgs& args);

struct BackwardContext;
// Gradients for every tensor input (flattened across Tensor[] arguments, in
// argument order), undefined where none is needed, from the outputs' gradients.
using BackwardFn = std::vector<Tensor> (*)(const BackwardContext& ctx,
                                           const std::vector<Tensor>& grad_outputs);

struct Derivative {
  std::string node_name; // the grad_fn class name: "MulBackward0"
  BackwardFn fn = nullptr;
  std::vector<int> saved_args; // argument indices whose tensors the formula reads
  // Per saved_args entry: the arguments (bit i: argument i) whose gradient
  // reads it, so it is saved only when one of them needs a gradient, as
  // PyTorch's generated code does; 0: always saved.
  std::vector<uint64_t> saved_when;
  uint32_t saved_results = 0;  // bit k: the formula reads output k (saved, so modifying it in place is an error)
  uint32_t differentiable_outputs = ~0u; // bit k: output k gets the node as grad_fn
};

enum class OpKind : uint8_t {
  Structured, // meta + kernel on fresh outputs (in-place variants: on self)
  View,       // meta gives a view of argument 0's storage; no kernel
  Custom,     // `run` computes the outputs itself (data-dependent sizes, multi-output plumbing)
  Composite,  // no kernel of its own: runs its decomposition (autograd flows through it)
};

enum Variant : uint8_t { kFunction = 1, kMethod = 2 };

struct OpDef {
  FunctionSchema schema;
  std::string qualified_name; // "add.Tensor"
  OpKind kind = OpKind::Composite;
  uint8_t variants = 0;       // where Python sees it: torch.<name>, Tensor.<name>
  bool inplace = false;       // writes argument 0 and returns it
  bool numbers_as_tensors = false; // Tensor arguments accept Python numbers (x + 1)
  bool runs_without_data = false;  // Custom: `run` also computes the geometry of fake inputs
  MetaFn meta = nullptr;
  KernelFn kernel = nullptr;
  RunFn run = nullptr;           // Custom: the implementation
  RunFn decomposition = nullptr; // Composite: the implementation; others: optional
  std::unique_ptr<Derivative> derivative;
  const OpDef* functional = nullptr; // for an in-place variant: the op it mutates like
  std::string python_name;    // the name torch.* / Tensor.* bind it under ("add", "add_")

  bool has_derivative() const { return static_cast<bool>(derivative); }
};

class OpRegistry;

// Fluent declaration of one op (returned by OpRegistry::def).
class OpBuilder {
public:
  OpBuilder(OpRegistry& registry, OpDef& op) : registry_(registry), op_(&op) {}

  OpBuilder& function() { op_->variants |= kFunction; return *this; } // torch.<name>
  OpBuilder& method() { op_->variants |= kMethod; return *this; }     // Tensor.<name>
  OpBuilder& hidden() { op_->variants = 0; return *this; }             // only torch.ops.aten
  OpBuilder& numbers_as_tensors() { op_->numbers_as_tensors = true; return *this; }
  OpBuilder& structured(MetaFn meta, KernelFn kernel);
  OpBuilder& view(MetaFn meta);
  OpBuilder& custom(RunFn run, MetaFn meta = nullptr);
  // A Custom op whose `run` works on inputs without data too (it computes
  // through other ops, or makes fake outputs itself), so fake tensors and
  // AOT tracing can call it without a meta function.
  OpBuilder& runs_without_data() { op_->runs_without_data = true; return *this; }
  OpBuilder& composite(RunFn decomposition);
  OpBuilder& decomposition(RunFn decomposition);
  // Declares the in-place variant ("add_.Tensor"): same arguments with self
  // mutated, same meta and kernel writing into self, same derivative; a
  // Tensor method unless `variants` says otherwise (torch.exp_ also exists).
  OpBuilder& inplace(std::string_view qualified_name, uint8_t variants = kMethod);
  OpBuilder& derivative(std::string node_name, BackwardFn fn);
  // Argument names the derivative formula reads (saved for backward).
  OpBuilder& saves(std::initializer_list<std::string_view> arg_names);
  // `arg` saved only when one of `read_by` needs a gradient (mul saves
  // `other` for the gradient of `self`: `x * 2` saves nothing of x).
  OpBuilder& saves_for(std::string_view arg, std::initializer_list<std::string_view> read_by);
  OpBuilder& saves_result(); // every output
  // Only these outputs, as PyTorch's formula saves them (native_batch_norm
  // saves its statistics, not its output, so `out = bn(x); out += y` trains).
  OpBuilder& saves_results(std::initializer_list<int> outputs);
  // Only these outputs are differentiable (derivatives.yaml's
  // output_differentiability); the others are returned without history.
  OpBuilder& differentiable_outputs(std::initializer_list<int> outputs);

  OpDef& op() { return *op_; }

private:
  OpRegistry& registry_;
  OpDef* op_;
  OpDef* inplace_ = nullptr; // the variant declared by inplace(), kept in step with later calls
  // The op's derivative, for a call that must follow derivative().
  Derivative& derivative_for(const char* call);
  // The in-place variant differentiates as the op does.
  OpBuilder& sync_inplace();
};

class OpRegistry {
public:
  // Declares an op from its schema, as a torch.* function by default.
  OpBuilder def(std::string_view schema);
  // Declares `qualified_name` ("clip.Tensor") as another name of `target`
  // ("clamp.Tensor"), as native_functions.yaml does for ops whose
  // implementation only calls another: the target's schema under the new
  // name, with its variants, kernels and derivative (so grad_fn shows the
  // target's node, ClampBackward0, as in PyTorch).
  OpBuilder alias(std::string_view qualified_name, const OpDef& target);

  const OpDef* find(std::string_view qualified_name) const;
  // All overloads sharing a base name ("add": add.Tensor, add.Scalar), in declaration order.
  std::vector<const OpDef*> overloads(std::string_view name) const;
  const std::vector<std::unique_ptr<OpDef>>& all() const { return ops_; }

private:
  friend class OpBuilder;
  OpDef& add(FunctionSchema schema);
  std::vector<std::unique_ptr<OpDef>> ops_;
};

// The process-wide registry, filled by every family of op_families.def on first use.
const OpRegistry& registry();
// Looks an op up by qualified name ("add.Tensor"; "relu" for a default overload);
// an internal error when it does not exist.
const OpDef& op(std::string_view qualified_name);

} // namespace refc::ops
