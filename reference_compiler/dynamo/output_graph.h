// OutputGraph: what one trace of a frame produces besides its bytecode — the
// graph of tensor operations, the graph inputs (each read from a Source), the
// guard tree protecting every assumption the trace made about its inputs,
// and the side effects on pre-existing objects to replay after the graph
// runs. It also wraps the real values the trace reads into variable
// trackers (PyTorch's VariableBuilder) and records tensor operations as
// nodes, running them on fake tensors to learn their results' geometry.
#pragma once

#include "reference_compiler/dynamo/dynamic_shapes.h"
#include "reference_compiler/dynamo/guards/guard_manager.h"
#include "reference_compiler/dynamo/variables.h"
#include "reference_compiler/graph/graph.h"
#include "reference_compiler/ops/data_dependent_sizes.h"
#include "reference_compiler/symbolic/shape_env.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace refc::dynamo {

class InstructionTranslator;
class SubgraphTracer;

// The trace met something it cannot trace. `reason` is the seeds' "Reason:"
// text ("Unsupported: Tensor.item", "Data-dependent jump"); `gb_type` and
// `explanation` are PyTorch 2.14's (graph_breaks.def); `skip_frame` asks for
// the whole frame to run eagerly rather than break the graph, and
// `skip_frame_in_root` asks for the frame and every frame it calls to run
// eagerly when the break is met in the frame itself, not in a function it
// inlines.
struct Unsupported {
  std::string reason;
  bool skip_frame = false;
  bool skip_frame_in_root = false;
  // A data-dependent jump of the frame itself: the tracer stopped before the
  // jump (its condition back on the stack), so the graph so far compiles
  // without tracing again (Dynamo's generic_jump).
  bool at_jump = false;
  bool data_dependent_jump = false;
  std::vector<graph::UserFrame> user_stack; // filled where it is caught: root frame first
  std::string gb_type;
  std::string explanation;
  std::string gb_id; // "0059" (PyTorch's graph-break site), empty when none
  std::string context;
  std::vector<std::string> hints;
  // Not a graph break but a failed compile: the exception type
  // (torch._dynamo.exc.<error_type>) the call raises, as under fullgraph=True
  // (a higher-order op that cannot be captured whole).
  std::string error_type;
  // PyTorch's text of the break: title, explanation, hints, debug context, link.
  std::string describe() const;
};

enum class GraphBreak : uint8_t {
#define REFC_GRAPH_BREAK(kind, reason, gb_type, explanation, id, context, hints) kind,
#include "reference_compiler/dynamo/graph_breaks.def"
#undef REFC_GRAPH_BREAK
};
// A named graph break with its arguments ({0}, {1} in its texts).
Unsupported make_graph_break(GraphBreak kind, const std::vector<std::string>& args = {});
[[noreturn]] void graph_break(GraphBreak kind, const std::vector<std::string>& args = {});
// Any other construct the tracer does not handle: `reason` is its title too.
[[noreturn]] void unsupported(std::string reason);

struct GraphInput {
  SourcePtr source;
  graph::Node* node;
  lang::Value value; // the real value on this call (the backend's example input)
};

// A change to the world outside the graph, made by the traced code and
// replayed (in order) after the graph runs.
struct SideEffect {
  enum class Kind : uint8_t { Contents, StoreAttr, StoreGlobal, Call };
  Kind kind;
  VarPtr target;    // Contents: the list or dict; StoreAttr: the object; Call: the function
  std::string name; // StoreAttr: the attribute; StoreGlobal: the variable
  VarPtr value;     // StoreAttr / StoreGlobal: what was stored; Call: the argument tuple
};

// While its ops run on fake tensors, the OutputGraph provides the sizes of
// data-dependent outputs (nonzero's u0).
class OutputGraph : private ops::DataDependentSizes {
public:
  // `dynamic`: torch.compile(dynamic=); `automatic`: the code object's
  // automatic-dynamic state (null: none kept).
  OutputGraph(GuardInput input, std::optional<bool> dynamic = std::nullopt, CodeState* automatic = nullptr);
  ~OutputGraph();
  OutputGraph(const OutputGraph&) = delete;
  OutputGraph& operator=(const OutputGraph&) = delete;

  graph::Graph& graph() { return *graph_; }
  const GuardInput& input() const { return input_; }
  // Sources whose ints PyTorch always specializes: globals and nn.Module attributes.
  bool specialized_int_source(const Source& source) const;
  // Whether `source` reads an attribute (or a dict item) of an nn.Module.
  bool in_nn_module(const Source& source) const;
  std::shared_ptr<graph::Graph> shared_graph() { return graph_; }
  RootGuardManager& guards() { return *guards_; }
  // Drops size arithmetic nothing uses, then placeholders nothing uses
  // (call once the output node exists).
  void prune_unused_inputs();
  // The finished guard tree (tensor aliasing and shape guards added).
  // Raises ConstraintViolationError when a mark_dynamic dimension was specialized.
  std::unique_ptr<RootGuardManager> take_guards();
  symbolic::ShapeEnv& shape_env() { return *shape_env_; }
  const std::shared_ptr<symbolic::ShapeEnv>& shared_shape_env() const { return shape_env_; }
  // The shape guards as they stand (ConstraintViolationError when a
  // mark_dynamic dimension was specialized): run before the backend, so a
  // violated constraint fails fast, and again by take_guards, after the
  // backend, which may have added guards.
  std::vector<symbolic::ProducedGuard> produce_shape_guards();
  const std::vector<GraphInput>& inputs() const { return inputs_; }
  std::vector<SideEffect>& side_effects() { return side_effects_; }
  // The one tracker of a real closure cell in this trace (null until made),
  // shared by every inlined call of a function closing over it and by the
  // compiled frame's own free variable.
  VarPtr& cell_tracker(const lang::Object* real_cell) { return cells_[real_cell]; }

  // fullgraph=True: the trace must not break (it also captures .item()).
  bool one_graph = false;
  // The line being traced: given to new guards.
  std::optional<graph::UserFrame> user_frame;
  // The frames that inlined the one being traced, root first (with
  // user_frame, a new guard's user stack), and the translator they are of.
  std::vector<graph::UserFrame> caller_frames;
  const InstructionTranslator* caller_frames_of = nullptr;
  // The line new graph nodes are attributed to: the innermost one outside
  // torch.nn's modules and torch's uninteresting files, as PyTorch's node
  // stack traces skip those (none when every frame is inside them).
  std::optional<graph::UserFrame> node_frame;

  // ---- wrapping real values (VariableBuilder) ----------------------------------
  // A tracker for `v`, read from `source`, with the guards its use needs
  // (TENSOR_MATCH for tensors, EQUALS_MATCH for constants, TYPE_MATCH for
  // containers and instances, ID_MATCH for functions, modules and classes).
  // The same source always gives the same tracker.
  VarPtr wrap(const lang::Value& v, SourcePtr source);
  // Whether the value read from `source` was wrapped already.
  bool wrapped(const Source& source) const { return by_source_.count(source.str()) > 0; }
  // A TYPE_MATCH guard on the value read from `source` (`v` now).
  void guard_type(const SourcePtr& source, const lang::Value& v);
  // A tracker for a value the trace made or found without a source (no guards).
  VarPtr wrap_unsourced(const lang::Value& v);
  // A guard on `source` (user line attached).
  void add_guard(const SourcePtr& source, std::unique_ptr<LeafGuard> guard);

  // ---- graph operations -------------------------------------------------------
  // Records `target(*args, **kwargs)` (call_function, or call_method when
  // `method`) and runs it on fake tensors; returns trackers for the result.
  // The node is named after `name_hint` when given, else after the target.
  VarPtr call(graph::NodeOp op, const std::string& target, const lang::Value& callable,
              const std::vector<VarPtr>& args, const std::vector<std::pair<std::string, VarPtr>>& kwargs,
              std::string_view name_hint = {});
  // Sets grad mode for the rest of the trace and records it in the graph
  // (torch._C._set_grad_enabled, with no user line, as in PyTorch), as
  // entering torch.no_grad() does.
  void set_grad_enabled(bool enabled);
  // The fake tensor standing for real tensor `t` (one per storage, aliasing kept).
  tensor::Tensor fake_of(const tensor::Tensor& t);
  // Nodes that compute something (what CompileCounter calls ops).
  int count_calls() const;

  // ---- symbolic sizes ---------------------------------------------------------
  // A tracker for size `dim` of a Tensor tracker: a constant for a static
  // size, else a SymNode (the symbol's placeholder, or a `size` call).
  VarPtr size_of(const VarPtr& t, int64_t dim);
  // x.shape / x.size() of a Tensor tracker with symbolic sizes: a tuple of size_of.
  VarPtr shape_of(const VarPtr& t);
  // Branching on a SymNode tracker: guards its value (specializes).
  bool guard_bool(const VarPtr& v);
  // A SymNode tracker made concrete (an int/float/bool constant), with its guard.
  VarPtr specialize(const VarPtr& v);
  // torch._check(v) / torch._check_is_size(v) (`check` names which, v is
  // the cond or the size): guards v when its value is known; else the
  // ShapeEnv records a runtime assert and the graph gets the call, which
  // insert_runtime_asserts turns into (or keeps beside) _assert_scalar nodes.
  void expect_true(const VarPtr& v, const lang::Value& check, bool size);
  // t.item() under capture_scalar_outputs (or fullgraph): a graph node whose
  // value is an unbacked symbol (u0, or zuf0 for a floating tensor); without
  // it, a graph break.
  VarPtr item(const VarPtr& t);

  // Marks a pre-existing list/dict as changed (its contents are replayed).
  void mark_mutated(const VarPtr& container);

  // ---- subgraphs (higher-order ops' branches, subgraph_tracer.h) --------------
  // The innermost subgraph being traced (null: nodes go to the root graph).
  SubgraphTracer* subtracer = nullptr;
  // The graph new nodes go to.
  graph::Graph& current_graph();
  // `node` as the current graph sees it: itself, or the placeholder lifting it in.
  graph::Node* lift(graph::Node* node);
  // The root graph's placeholder of a size symbol ("s0"), null when none.
  graph::Node* symbol_input(const std::string& symbol) const;
  // A fresh name for an installed subgraph: "cond_true" -> "cond_true_0", "cond_true_1"...
  std::string subgraph_name(const std::string& prefix);

private:
  // capture_dynamic_output_shape_ops: a size-like unbacked symbol bounded by
  // the input's numel (0 for an empty input), one per input tensor.
  tensor::SymInt size_for(std::string_view op, const tensor::Tensor& input) override;
  VarPtr wrap_tensor(const tensor::Tensor& t, const SourcePtr& source);
  // A dynamic int input: a Sym placeholder, or null when it stays a constant.
  VarPtr wrap_int(const lang::Value& v, const SourcePtr& source);
  // A dynamic float input: a 0-d float64 placeholder read by .item(), or null.
  VarPtr wrap_float(const lang::Value& v, const SourcePtr& source);
  // Whether a tensor read from `source` keeps static shapes (parameters, module buffers).
  bool static_shapes_of(const tensor::Tensor& t, const Source& source) const;
  // The placeholder of an input read from `source` ("L_x_", its value "l_x_").
  graph::Node* input_placeholder(const Source& source);
  // A placeholder for symbol `s` read from `source` (once per symbol).
  void add_symbol_input(const tensor::SymInt& s, const SourcePtr& source, int64_t value);
  symbolic::UserLocation location() const;
  VarPtr wrap_result(const lang::Value& result, graph::Node* node);
  lang::Value to_fake_value(const VarPtr& v);  // trackers -> values for running an op
  lang::Value to_node_arg(const VarPtr& v);    // trackers -> node argument structure

  std::shared_ptr<graph::Graph> graph_;
  std::unique_ptr<RootGuardManager> guards_;
  GuardInput input_;
  std::map<const lang::Object*, VarPtr> cells_;
  std::vector<GraphInput> inputs_;
  std::map<std::string, VarPtr> by_source_;
  std::map<const void*, lang::Ref<tensor::Storage>> fake_storages_;
  std::vector<SideEffect> side_effects_;
  std::shared_ptr<symbolic::ShapeEnv> shape_env_;
  DynamicPolicy dynamic_;
  std::map<std::string, SourcePtr> symbol_sources_;    // source text -> source, for shape guards
  std::map<std::string, graph::Node*> symbol_inputs_;  // symbol name -> its placeholder
  std::map<const tensor::TensorImpl*, tensor::SymInt> item_memo_; // a 0-d int input's fake -> its .item() symbol
  std::map<std::pair<std::string, const tensor::TensorImpl*>, tensor::SymInt> output_size_memo_; // (op, input) -> size
  std::map<std::string, int> subgraph_counts_;         // subgraph name prefix -> names given
};

// The placeholder name FX gives an input read from `source`: L['x'] ->
// "L_x_", L['self'].weight -> "L_self_weight".
std::string placeholder_name(const Source& source);

} // namespace refc::dynamo
