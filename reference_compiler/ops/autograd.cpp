// Autograd recording and the backward engine (see autograd.h). The engine
// follows PyTorch's: nodes become ready when every gradient flowing into them
// has arrived, and among ready nodes the most recently created runs first, so
// gradients are summed in the same order and come out bit-identical.
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/backward_node.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/shape_checks.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace refc::ops {

using lang::Value;
using tensor::AutogradMeta;
using tensor::InputMetadata;
using tensor::SymIntVector;

namespace {

bool differentiable(tensor::DType t) { return tensor::is_floating(t); }

std::vector<Tensor> result_tensors(const Value& v) {
  if (tensor::is_tensor(v)) return {Tensor::from_value(v)};
  if (v.is_obj() && (v.as_obj()->type->is_subtype(lang::types::tuple) ||
                     v.as_obj()->type->is_subtype(lang::types::list)))
    return unpack_tensors(v);
  return {};
}

// A tensor sharing t's storage and geometry but no autograd history: what a
// node keeps of its own outputs, so that output -> grad_fn -> output is no cycle.
Tensor detached_alias(const Tensor& t) {
  Tensor alias = Tensor::alias(tensor::tensor_type(), t->storage, SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end()),
                               SymIntVector(t.sym_strides().begin(), t.sym_strides().end()),
                               t->sym_storage_offset(), t.dtype());
  alias->version = t->version;
  return alias;
}

InputMetadata metadata_of(const Tensor& t) {
  return InputMetadata{SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end()), t.dtype(), t.device()};
}


} // namespace

// ---- recording ---------------------------------------------------------------------

void flatten_tensor_inputs(const OpDef& op, const OpArgs& args, std::vector<Tensor>& tensors,
                           std::vector<int>* arg_index) {
  const auto& params = op.schema.arguments;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].type.kind != ArgKind::Tensor) continue;
    if (params[i].type.list) {
      for (Tensor& t : args.tensor_list(i)) {
        tensors.push_back(std::move(t));
        if (arg_index) arg_index->push_back(static_cast<int>(i));
      }
    } else {
      const Value& v = args[i];
      tensors.push_back(tensor::is_tensor(v) ? Tensor::from_value(v) : Tensor());
      if (arg_index) arg_index->push_back(static_cast<int>(i));
    }
  }
}

bool any_requires_grad(const OpDef& op, const OpArgs& args) {
  const auto& params = op.schema.arguments;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].type.kind != ArgKind::Tensor) continue;
    if (params[i].type.list) {
      for (const Tensor& t : args.tensor_list(i))
        if (t.defined() && t.requires_grad()) return true;
    } else if (tensor::is_tensor(args[i]) && Tensor::from_value(args[i]).requires_grad()) {
      return true;
    }
  }
  return false;
}

std::vector<Tensor> zero_derivative(const BackwardContext& c, const std::vector<Tensor>& g) {
  std::vector<Tensor> out(c.input_specs.size());
  for (size_t k = 0; k < out.size(); ++k)
    if (c.needs_grad[k]) out[k] = call_tensor("zeros", c.input_specs[k].sizes, g[0].dtype());
  return out;
}

void set_requires_grad(const Tensor& t, bool enable, std::string_view dtype_error) {
  tensor::AutogradMeta* m = t->autograd.get();
  if (m && m->grad_fn)
    fail("you can only change requires_grad flags of leaf variables. If you want to use a computed "
         "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  if (enable && !tensor::is_floating(t.dtype())) fail(std::string(dtype_error));
  if (enable || m) tensor::autograd_meta(t).requires_grad = enable;
}

namespace {

struct FunctionNode : Node {
  FunctionNode(std::string name, BackwardCallback backward, std::vector<Edge> edges)
      : Node(tensor::node_type(name), std::move(edges)), node_name(std::move(name)), backward(std::move(backward)) {}
  std::vector<Tensor> apply(std::vector<Tensor>&& grad_outputs) override {
    std::vector<Tensor> grads = backward(std::move(grad_outputs));
    grads.resize(next_edges.size());
    return grads;
  }
  void release_saved() override { released = true; }
  std::string name() const override { return node_name; }

  std::string node_name;
  BackwardCallback backward;
};

} // namespace

void record_function_node(std::string name, BackwardCallback backward, const std::vector<Tensor>& inputs,
                          const std::vector<Tensor>& outputs) {
  std::vector<Edge> edges;
  for (const Tensor& t : inputs) edges.push_back(t.defined() ? gradient_edge(t) : Edge{});
  auto node = lang::make<FunctionNode>(std::move(name), std::move(backward), std::move(edges));
  for (size_t k = 0; k < outputs.size(); ++k) {
    node->inputs.push_back(metadata_of(outputs[k]));
    if (!differentiable(outputs[k].dtype())) continue;
    AutogradMeta& m = tensor::autograd_meta(outputs[k]);
    m.grad_fn = node;
    m.output_nr = static_cast<uint32_t>(k);
  }
}

Edge gradient_edge(const Tensor& t) {
  AutogradMeta* m = t->autograd.get();
  if (!m) return {};
  if (m->grad_fn) return Edge{m->grad_fn, m->output_nr};
  if (!m->requires_grad) return {};
  if (m->grad_accumulator)
    return Edge{lang::Ref<Node>::borrow(m->grad_accumulator), 0};
  auto acc = lang::make<AccumulateGrad>(t);
  m->grad_accumulator = acc.get();
  return Edge{lang::Ref<Node>(std::move(acc)), 0};
}

namespace {

// After an in-place op on a view, gradients of the base flow through the
// write: CopySlices routes the part of the base's gradient under the view
// through the in-place op's node, and the rest past it (PyTorch's CopySlices).
struct CopySlices : Node {
  CopySlices(const Tensor& base, const Tensor& view, lang::Ref<Node> fn, std::vector<Edge> edges)
      : Node(tensor::node_type("CopySlices"), std::move(edges)), fn(std::move(fn)),
        base_sizes(base.sym_sizes().begin(), base.sym_sizes().end()),
        base_strides(base.sym_strides().begin(), base.sym_strides().end()),
        base_offset(base->sym_storage_offset()),
        view_sizes(view.sym_sizes().begin(), view.sym_sizes().end()),
        view_strides(view.sym_strides().begin(), view.sym_strides().end()),
        view_offset(view->sym_storage_offset()) {}

  std::vector<Tensor> apply(std::vector<Tensor>&& grads) override {
    const Tensor& grad = grads[0];
    Tensor result = call_tensor("empty_strided", base_sizes, base_strides, grad.dtype());
    call("copy_", result, grad);
    Tensor grad_slice = call_tensor("as_strided", result, view_sizes, view_strides,
                                    view_offset - base_offset);
    std::vector<Tensor> res = fn->apply({call_tensor("clone", grad_slice)});
    if (res[0].defined()) call("copy_", grad_slice, res[0]);
    else call("zero_", grad_slice);
    std::vector<Tensor> out{result};
    for (size_t i = 1; i < res.size(); ++i) out.push_back(res[i]);
    return out;
  }
  void release_saved() override { fn->release_saved(); }
  std::string name() const override { return "CopySlices"; }

  lang::Ref<Node> fn;
  SymIntVector base_sizes, base_strides;
  tensor::SymInt base_offset;
  SymIntVector view_sizes, view_strides;
  tensor::SymInt view_offset;
};

// The gradient path of a view whose base was rebased by CopySlices: scatters
// the view's gradient into a zero gradient of the base.
struct AsStridedBackward : Node {
  AsStridedBackward(const Tensor& base, const Tensor& view, std::vector<Edge> edges)
      : Node(tensor::node_type("AsStridedBackward0"), std::move(edges)),
        base_sizes(base.sym_sizes().begin(), base.sym_sizes().end()),
        base_strides(base.sym_strides().begin(), base.sym_strides().end()),
        offset(view->sym_storage_offset() - base->sym_storage_offset()),
        view_sizes(view.sym_sizes().begin(), view.sym_sizes().end()),
        view_strides(view.sym_strides().begin(), view.sym_strides().end()) {}

  std::vector<Tensor> apply(std::vector<Tensor>&& grads) override {
    Tensor result = call_tensor("empty_strided", base_sizes, base_strides, grads[0].dtype());
    call("zero_", result);
    call("copy_", call_tensor("as_strided", result, view_sizes, view_strides, offset), grads[0]);
    return {result};
  }
  std::string name() const override { return "AsStridedBackward0"; }

  SymIntVector base_sizes, base_strides;
  tensor::SymInt offset;
  SymIntVector view_sizes, view_strides;
};

// In-place op on a view of `base`: base's history now goes through the write.
void rebase_history(const Tensor& view, const lang::Ref<Node>& fn) {
  AutogradMeta& vm = tensor::autograd_meta(view);
  Tensor base = vm.base;
  std::vector<Edge> edges{gradient_edge(base)};
  for (size_t i = 1; i < fn->next_edges.size(); ++i) edges.push_back(fn->next_edges[i]);
  auto copy_slices = lang::make<CopySlices>(base, view, fn, std::move(edges));
  copy_slices->inputs.push_back(metadata_of(base));
  AutogradMeta& bm = tensor::autograd_meta(base);
  bm.grad_fn = copy_slices;
  bm.output_nr = 0;
  auto view_fn = lang::make<AsStridedBackward>(base, view, std::vector<Edge>{Edge{copy_slices, 0}});
  view_fn->inputs.push_back(metadata_of(view));
  vm.grad_fn = view_fn;
  vm.output_nr = 0;
}

} // namespace

void record_autograd(const OpDef& op, const OpArgs& args, const Value& result,
                     const std::vector<Tensor>& saved_originals) {
  std::vector<Tensor> inputs;
  std::vector<int> arg_index;
  flatten_tensor_inputs(op, args, inputs, &arg_index);
  std::vector<Edge> edges;
  bool any = false;
  for (const Tensor& t : inputs) {
    Edge e = t.defined() && differentiable(t.dtype()) ? gradient_edge(t) : Edge{};
    any |= e.valid();
    edges.push_back(std::move(e));
  }
  std::vector<Tensor> outputs = result_tensors(result);
  bool view_of_base = op.inplace && outputs[0]->autograd && outputs[0]->autograd->base.defined();
  if (!any) return;

  auto node = lang::make<OpNode>(op, std::move(edges));
  BackwardContext& ctx = node->ctx;
  ctx.op = &op;
  ctx.values.assign(args.values().begin(), args.values().end());
  ctx.input_arg = arg_index;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const Tensor& t = inputs[k];
    TensorSpec spec;
    if (t.defined()) {
      spec.sizes.assign(t.sym_sizes().begin(), t.sym_sizes().end());
      spec.strides.assign(t.sym_strides().begin(), t.sym_strides().end());
      spec.dtype = t.dtype();
      spec.device = t.device();
    }
    ctx.input_specs.push_back(std::move(spec));
    ctx.needs_grad.push_back(node->next_edges[k].valid());
  }
  // Keep only the tensors the formula reads.
  std::vector<bool> keep(ctx.values.size(), false);
  uint64_t needing = 0; // the arguments a gradient is computed for
  for (size_t k = 0; k < ctx.needs_grad.size(); ++k)
    if (ctx.needs_grad[k] && ctx.input_arg[k] < 64) needing |= uint64_t{1} << ctx.input_arg[k];
  for (size_t j = 0; j < op.derivative->saved_args.size(); ++j)
    if (!op.derivative->saved_when[j] || (op.derivative->saved_when[j] & needing)) keep[op.derivative->saved_args[j]] = true;
  for (size_t i = 0; i < ctx.values.size(); ++i) {
    if (op.schema.arguments[i].type.kind != ArgKind::Tensor) continue;
    if (!keep[i]) {
      ctx.values[i] = Value::none();
      continue;
    }
    if (op.inplace && i == 0) ctx.values[0] = saved_originals.at(0).to_value();
    for (const Tensor& t : op.schema.arguments[i].type.list ? args.tensor_list(i)
                                                            : std::vector<Tensor>{OpArgs(op.schema, ctx.values).optional_tensor(i)}) {
      if (!t.defined()) continue;
      // An in-place op's other argument that is self was saved before the
      // write (x.mul_(x)): backward then sees it modified, as in PyTorch.
      const bool written_here = op.inplace && i > 0 && t.is_same(args.tensor(0));
      node->saved.push_back({t, t.version() - (written_here ? 1 : 0), std::nullopt});
    }
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    const Tensor& out = outputs[k];
    node->inputs.push_back(metadata_of(out));
    if (op.derivative->saved_results >> k & 1) {
      Tensor saved = detached_alias(out);
      ctx.results.push_back(saved);
      node->saved.push_back({saved, out.version(), static_cast<uint32_t>(k)});
    } else if (op.derivative->saved_results) {
      ctx.results.emplace_back(); // unsaved: keeps the saved ones at their output index
    }
  }
  if (view_of_base) {
    rebase_history(outputs[0], node);
    return;
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    const Tensor& out = outputs[k];
    if (!differentiable(out.dtype()) || !(op.derivative->differentiable_outputs >> k & 1)) continue;
    AutogradMeta& m = tensor::autograd_meta(out);
    m.grad_fn = node;
    m.output_nr = static_cast<uint32_t>(k);
  }
}

// ---- nodes -----------------------------------------------------------------------

Tensor BackwardContext::tensor(size_t arg) const {
  REFC_CHECK(tensor::is_tensor(values[arg]),
             op->qualified_name + ": derivative reads unsaved argument " + op->schema.arguments[arg].name);
  return Tensor::from_value(values[arg]);
}

const TensorSpec& BackwardContext::spec_of_arg(size_t arg) const {
  for (size_t k = 0; k < input_arg.size(); ++k)
    if (input_arg[k] == static_cast<int>(arg)) return input_specs[k];
  lang::internal_error(__FILE__, __LINE__, op->qualified_name + ": no tensor input at argument " + std::to_string(arg));
}

bool BackwardContext::needs_grad_of_arg(size_t arg) const {
  for (size_t k = 0; k < input_arg.size(); ++k)
    if (input_arg[k] == static_cast<int>(arg)) return needs_grad[k];
  return false;
}

OpNode::OpNode(const OpDef& op, std::vector<Edge> edges)
    : Node(tensor::node_type(op.derivative->node_name), std::move(edges)), op(&op) {}

std::vector<Tensor> OpNode::apply(std::vector<Tensor>&& grad_outputs) {
  if (released)
    fail("Trying to backward through the graph a second time (or directly access saved tensors "
         "after they have already been freed). Saved intermediate values of the graph are freed "
         "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
         "backward through the graph a second time or if you need to access saved tensors after "
         "calling backward.");
  for (const Saved& s : saved) {
    const Tensor& t = s.tensor;
    if (t.version() == s.version) continue;
    std::string what = "[" + std::string(tensor::legacy_type_name(t.dtype())) + " " + shape_str(t.sym_sizes()) + "]";
    std::string origin;
    const AutogradMeta* m = t->autograd.get();
    const Node* producer = s.output_nr ? this : m ? m->grad_fn.get() : nullptr;
    if (producer) {
      // PyTorch names the producing op without "Backward" and a trailing 0: "Mul", "T1".
      std::string op_name = producer->name();
      if (size_t at = op_name.find("Backward"); at != std::string::npos) op_name.erase(at, 8);
      if (op_name.ends_with('0')) op_name.pop_back();
      origin = ", which is output " + std::to_string(s.output_nr.value_or(m ? m->output_nr : 0)) + " of " + op_name + ",";
    }
    const std::string message =
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: " + what + origin + " is at version " + std::to_string(t.version()) +
        "; expected version " + std::to_string(s.version) +
        " instead. Hint: enable anomaly detection to find the operation that failed to compute "
        "its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).";
    // A saved tensor whose grad_fn is this node (x.mul_(x) saves its own
    // output) is a cycle only a released node breaks: this graph cannot run again.
    for (const Saved& other : saved)
      if (other.tensor->autograd && other.tensor->autograd->grad_fn.get() == this) {
        release_saved();
        break;
      }
    fail(message);
  }
  // create_graph: a formula that reads an output differentiates through it,
  // so the saved outputs come back as this node's outputs again (PyTorch's
  // SavedVariable unpacking), for this call only; keeping them would make
  // the node own itself.
  const BackwardContext* context = &ctx;
  BackwardContext with_history;
  if (grad_enabled() && !ctx.results.empty()) {
    with_history = ctx;
    for (size_t k = 0; k < with_history.results.size(); ++k) {
      if (!with_history.results[k].defined() || !differentiable(with_history.results[k].dtype()) ||
          !(op->derivative->differentiable_outputs >> k & 1))
        continue;
      Tensor out = detached_alias(with_history.results[k]);
      AutogradMeta& m = tensor::autograd_meta(out);
      m.grad_fn = lang::Ref<Node>::borrow(this);
      m.output_nr = static_cast<uint32_t>(k);
      with_history.results[k] = out;
    }
    context = &with_history;
  }
  std::vector<Tensor> grads = op->derivative->fn(*context, grad_outputs);
  grads.resize(next_edges.size());
  return grads;
}

void OpNode::release_saved() {
  released = true;
  saved.clear();
  ctx.results.clear();
  for (size_t i = 0; i < ctx.values.size(); ++i)
    if (op->schema.arguments[i].type.kind == ArgKind::Tensor) ctx.values[i] = Value::none();
}

AccumulateGrad::AccumulateGrad(Tensor variable)
    : Node(tensor::node_type("AccumulateGrad"), {}), variable(std::move(variable)) {
  inputs.push_back(metadata_of(this->variable));
  sequence_nr = UINT64_MAX; // leaves accumulate as soon as they are ready
}

AccumulateGrad::~AccumulateGrad() {
  if (variable->autograd && variable->autograd->grad_accumulator == this)
    variable->autograd->grad_accumulator = nullptr;
}

std::vector<Tensor> AccumulateGrad::apply(std::vector<Tensor>&& grads) {
  Tensor new_grad = std::move(grads[0]);
  if (!new_grad.defined()) return {};
  AutogradMeta& m = tensor::autograd_meta(variable);
  if (!m.grad.defined()) {
    // Steal a gradient nobody else holds when its layout matches the
    // variable's; otherwise copy it into the variable's layout (with
    // create_graph the copy is recorded, so the gradient keeps its history).
    bool sole_owner = new_grad->refcnt == 1 && new_grad->storage->refcnt == 1;
    bool same_layout = new_grad.dim() == variable.dim() &&
                       std::equal(new_grad.strides().begin(), new_grad.strides().end(),
                                  variable.strides().begin());
    if (!grad_enabled() && sole_owner && same_layout) {
      m.grad = new_grad;
    } else {
      m.grad = call_tensor("empty_strided", variable.sym_sizes(), variable.sym_strides(),
                           variable.dtype());
      call("copy_", m.grad, new_grad);
    }
  } else if (!grad_enabled()) {
    call("add_.Tensor", m.grad, new_grad);
  } else {
    m.grad = call_tensor("add.Tensor", m.grad, new_grad);
  }
  return {};
}

// ---- the engine --------------------------------------------------------------------

namespace {

struct ReadyOrder {
  bool operator()(const Node* a, const Node* b) const { return a->sequence_nr < b->sequence_nr; }
};

// Makes a gradient fit the metadata of the input it flows into: sums away
// broadcast dimensions and converts the dtype (PyTorch's validate_outputs).
Tensor fit_gradient(const Node& from, size_t index, Tensor grad, const InputMetadata& meta) {
  bool same = grad.sym_sizes().size() == meta.sizes.size() &&
              std::equal(meta.sizes.begin(), meta.sizes.end(), grad.sym_sizes().begin(),
                         [](const tensor::SymInt& a, const tensor::SymInt& b) { return (a == b).expect_bool(); });
  if (!same) {
    bool expandable = grad.dim() >= static_cast<int64_t>(meta.sizes.size());
    for (size_t i = 0; expandable && i < meta.sizes.size(); ++i) {
      const tensor::SymInt& g = grad.sym_size(grad.dim() - static_cast<int64_t>(meta.sizes.size()) + static_cast<int64_t>(i));
      expandable = (meta.sizes[i] == g).expect_bool() || (meta.sizes[i] == 1).expect_bool();
    }
    if (!expandable)
      fail("Function " + from.name() + " returned an invalid gradient at index " + std::to_string(index) +
           " - got " + shape_str(grad.sym_sizes()) + " but expected shape compatible with " +
           shape_str(meta.sizes));
    grad = call_tensor("sum_to_size", grad, meta.sizes);
  }
  if (grad.dtype() != meta.dtype) grad = call_tensor("_to_copy", grad, meta.dtype);
  return grad;
}

void accumulate(std::vector<Tensor>& buffer, size_t slot, Tensor grad) {
  if (!grad.defined()) return;
  if (!buffer[slot].defined()) buffer[slot] = std::move(grad);
  else buffer[slot] = call_tensor("add.Tensor", buffer[slot], grad);
}

} // namespace

namespace {
const tensor::Node* g_backward_node = nullptr;
} // namespace

const tensor::Node* current_backward_node() { return g_backward_node; }

std::vector<Tensor> run_backward(const std::vector<Tensor>& roots,
                                 const std::vector<Tensor>& grad_roots,
                                 const std::vector<Tensor>& inputs, const BackwardOptions& options) {
  GradModeGuard grad_mode(options.create_graph);
  struct RestoreBackwardNode {
    const tensor::Node* previous = g_backward_node;
    ~RestoreBackwardNode() { g_backward_node = previous; }
  } restore_backward_node;
  std::vector<Edge> root_edges;
  for (size_t i = 0; i < roots.size(); ++i) {
    Edge e = gradient_edge(roots[i]);
    if (!e.valid())
      fail("element " + std::to_string(i) + " of tensors does not require grad and does not have a grad_fn");
    root_edges.push_back(std::move(e));
  }

  // Where the requested inputs' gradients arrive: (node, slot) -> output index.
  std::unordered_map<const Node*, std::vector<std::pair<uint32_t, size_t>>> captures;
  std::vector<Tensor> captured(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    Edge e = gradient_edge(inputs[i]);
    if (!e.valid()) fail("One of the differentiated Tensors does not require grad");
    captures[e.fn.get()].push_back({e.input_nr, i});
  }

  // Count how many gradients each node waits for, and which nodes lead to a
  // capture (with inputs given, the others need not run).
  std::unordered_map<Node*, int> dependencies;
  std::vector<Node*> order; // DFS post-order
  {
    // One root at a time: a root another root reaches must come after it in
    // the post-order, so it may not sit on the stack unvisited meanwhile.
    std::unordered_set<Node*> seen;
    std::vector<std::pair<Node*, size_t>> stack;
    for (const Edge& root : root_edges) {
      if (!seen.insert(root.fn.get()).second) continue;
      stack.push_back({root.fn.get(), 0});
      while (!stack.empty()) {
        auto& [node, next] = stack.back();
        if (next < node->next_edges.size()) {
          const Edge& e = node->next_edges[next++];
          if (!e.valid()) continue;
          dependencies[e.fn.get()]++;
          if (seen.insert(e.fn.get()).second) stack.push_back({e.fn.get(), 0});
        } else {
          order.push_back(node);
          stack.pop_back();
        }
      }
    }
  }
  // With inputs given, only nodes on a path to one of them run.
  std::unordered_set<const Node*> needed;
  bool limit_to_inputs = !inputs.empty();
  if (limit_to_inputs) {
    for (Node* n : order) { // post-order: a node's successors come before it
      bool need = options.accumulate && captures.count(n);
      for (const Edge& e : n->next_edges)
        if (e.valid() && (needed.count(e.fn.get()) || captures.count(e.fn.get()))) need = true;
      if (need) needed.insert(n);
    }
  }

  std::unordered_map<Node*, std::vector<Tensor>> buffers;
  auto buffer_of = [&](Node* n) -> std::vector<Tensor>& {
    auto& b = buffers[n];
    if (b.empty()) b.resize(n->inputs.size());
    return b;
  };
  for (size_t i = 0; i < root_edges.size(); ++i) {
    Node* n = root_edges[i].fn.get();
    Tensor g = grad_roots[i];
    accumulate(buffer_of(n), root_edges[i].input_nr, fit_gradient(*n, i, g, n->inputs[root_edges[i].input_nr]));
  }

  std::priority_queue<Node*, std::vector<Node*>, ReadyOrder> ready;
  for (const Edge& e : root_edges)
    if (dependencies[e.fn.get()] == 0) {
      dependencies[e.fn.get()] = -1; // queued
      ready.push(e.fn.get());
    }

  while (!ready.empty()) {
    Node* node = ready.top();
    ready.pop();
    std::vector<Tensor> grads = std::move(buffer_of(node));
    buffers.erase(node);
    for (auto& hook : node->pre_hooks) {
      Tensor& g = grads[hook.output_nr];
      if (!g.defined()) continue;
      Tensor replaced = hook.fn(g);
      if (replaced.defined()) g = replaced;
    }
    if (auto* acc = dynamic_cast<AccumulateGrad*>(node)) {
      if (acc->variable->autograd)
        for (auto& hook : acc->variable->autograd->hooks) {
          Tensor replaced = hook(grads[0]);
          if (replaced.defined()) grads[0] = replaced;
        }
    }
    if (auto it = captures.find(node); it != captures.end())
      for (auto [slot, index] : it->second) captured[index] = grads[slot];
    bool run = !limit_to_inputs || needed.count(node);
    if (!options.accumulate && dynamic_cast<AccumulateGrad*>(node)) run = false;
    if (!run) continue;
    for (size_t i = 0; i < grads.size(); ++i)
      if (!grads[i].defined() && !dynamic_cast<AccumulateGrad*>(node)) {
        const InputMetadata& m = node->inputs[i];
        grads[i] = call_tensor("zeros", m.sizes, m.dtype);
      }
    g_backward_node = node;
    std::vector<Tensor> outputs = node->apply(std::move(grads));
    if (!options.keep_graph) node->release_saved();
    for (size_t k = 0; k < node->next_edges.size(); ++k) {
      const Edge& e = node->next_edges[k];
      if (!e.valid()) continue;
      Node* next = e.fn.get();
      if (k < outputs.size() && outputs[k].defined())
        accumulate(buffer_of(next), e.input_nr, fit_gradient(*node, k, outputs[k], next->inputs[e.input_nr]));
      if (--dependencies[next] == 0) {
        dependencies[next] = -1;
        ready.push(next);
      }
    }
  }

  if (!options.accumulate && !options.allow_unused)
    for (size_t i = 0; i < captured.size(); ++i)
      if (!captured[i].defined())
        fail("The differentiated Tensor at index " + std::to_string(i) +
             " appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.");
  return captured;
}

} // namespace refc::ops
