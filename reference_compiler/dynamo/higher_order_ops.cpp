// The higher-order ops' registry and rules: torch.cond.
#include "reference_compiler/dynamo/higher_order_ops.h"

#include "reference_compiler/dynamo/fake_call_repr.h"
#include "reference_compiler/dynamo/instruction_translator.h"
#include "reference_compiler/dynamo/subgraph_tracer.h"
#include "reference_compiler/graph/graph_printer.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <functional>
#include <set>

namespace refc::dynamo {

using lang::Value;
using Kind = Variable::Kind;
using Kwargs = std::vector<std::pair<std::string, VarPtr>>;

namespace {

// ---- speculate_subgraph ----------------------------------------------------------------

// A function traced into a subgraph: the graph (its output a tuple of the
// result's tensors), the free variables it lifted, and the result it returned.
struct Speculated {
  std::shared_ptr<graph::Graph> graph;
  std::vector<std::pair<graph::Node*, graph::Node*>> lifted; // outer node -> placeholder
  VarPtr result;
  std::vector<VarPtr> leaves; // the result's tensors, in order
  std::string spec;           // the result's structure ("*", "(*, [*])")
};

// The result's structure as a string, its tensors appended to `leaves`. A
// tensor inside a container is named `child` unless named already (Dynamo
// flattens the result with pytree's tree_flatten, whose loop variable it is).
std::string flatten(InstructionTranslator& tx, const VarPtr& v, std::vector<VarPtr>& leaves) {
  if (v->is(Kind::Tuple) || v->is(Kind::List)) {
    std::string spec = v->is(Kind::Tuple) ? "(" : "[";
    for (size_t i = 0; i < v->items.size(); ++i) {
      tx.name_after(v->items[i], "child");
      spec += (i ? ", " : "") + flatten(tx, v->items[i], leaves);
    }
    return spec + (v->is(Kind::Tuple) ? ")" : "]");
  }
  if (!v->is(Kind::Tensor))
    unsupported(
        "torch.cond: unsupported branch return type: expected branches to return a possibly nested "
        "pytree of tensors, got " +
        v->repr());
  leaves.push_back(v);
  return "*";
}

// The structure of `like` with its tensors replaced by `leaves` (in order).
VarPtr unflatten(const VarPtr& like, const std::vector<VarPtr>& leaves, size_t& next) {
  if (like->is(Kind::Tuple) || like->is(Kind::List)) {
    std::vector<VarPtr> items;
    for (const VarPtr& item : like->items)
      items.push_back(unflatten(item, leaves, next));
    return like->is(Kind::Tuple) ? Variable::tuple(std::move(items))
                                 : Variable::list(std::move(items));
  }
  return leaves[next++];
}

constexpr const char* kHopLine = "\n  Higher Order Operator: ";

// Dynamo's check_aliasing_and_input_mutation.
void check_no_mutation_or_aliasing(const SubgraphTracer& sub, const std::vector<VarPtr>& leaves,
                                   const char* description) {
  const std::vector<graph::Node*> mutated = sub.mutated_inputs();
  if (!mutated.empty()) graph_break(GraphBreak::HopInputMutation, {description, mutated[0]->name});
  for (const auto& [outer, ph] : sub.lifted()) {
    if (!tensor::is_tensor(ph->example_value)) continue;
    const tensor::Tensor input = tensor::Tensor::from_value(ph->example_value);
    for (const VarPtr& leaf : leaves)
      if (leaf->example()->storage.get() == input->storage.get())
        graph_break(GraphBreak::HopAliasing, {description, ph->name, leaf->node->name});
  }
}

// Traces fn(*args) into a new subgraph of the current graph (Dynamo's
// speculate_subgraph with automatic inputs: only what the function uses
// becomes an input).
Speculated speculate_subgraph(InstructionTranslator& tx, const VarPtr& fn,
                              const std::vector<VarPtr>& args, const char* description) {
  OutputGraph& out = tx.output();
  const size_t side_effects = out.side_effects().size();
  SubgraphTracer sub(out);
  Speculated s;
  try {
    s.result = tx.call(fn, args, {});
    if (out.side_effects().size() != side_effects)
      unsupported(std::string(description) + ": side effects are not supported inside its functions");
    s.spec = flatten(tx, s.result, s.leaves);
    std::vector<Value> outputs;
    for (const VarPtr& leaf : s.leaves)
      outputs.push_back(Value::borrow(sub.lift(leaf->node)));
    sub.graph().output(Value(lang::make_tuple(std::move(outputs))));
    // With grad enabled the op may neither write its inputs nor return them (or views of them).
    if (ops::grad_enabled()) check_no_mutation_or_aliasing(sub, s.leaves, description);
  } catch (Unsupported& u) {
    // A break names the higher-order op it happened in (the innermost one).
    if (u.error_type.empty() && u.gb_type.find(kHopLine) == std::string::npos)
      u.gb_type += kHopLine + std::string(description);
    throw;
  }
  s.graph = sub.shared_graph();
  s.lifted = sub.lifted();
  return s;
}

// Dynamo's _merge_graph_inputs: every subgraph takes the same inputs, the
// free variables all of them lifted (sorted by name), then each one's own
// (suffixed with its name, sorted); a subgraph ignores the others' own. The
// placeholders are made again in that order, named after the outer nodes.
std::vector<graph::Node*> merge_graph_inputs(std::vector<Speculated*> graphs,
                                             const std::vector<std::string>& names) {
  auto by_name = [](const graph::Node* a, const graph::Node* b) { return a->name < b->name; };
  std::vector<std::set<graph::Node*>> lifted_by(graphs.size());
  for (size_t i = 0; i < graphs.size(); ++i)
    for (const auto& [outer, ph] : graphs[i]->lifted)
      lifted_by[i].insert(outer);
  std::vector<graph::Node*> shared;
  for (graph::Node* n : lifted_by[0])
    if (std::all_of(lifted_by.begin(), lifted_by.end(),
                    [&](const auto& set) { return set.count(n) > 0; }))
      shared.push_back(n);
  std::sort(shared.begin(), shared.end(), by_name);
  std::vector<std::vector<graph::Node*>> unique(graphs.size());
  std::set<graph::Node*> claimed(shared.begin(), shared.end());
  for (size_t i = 0; i < graphs.size(); ++i) {
    for (const auto& [outer, ph] : graphs[i]->lifted)
      if (claimed.insert(outer).second) unique[i].push_back(outer);
    std::sort(unique[i].begin(), unique[i].end(), by_name);
  }
  for (Speculated* s : graphs) {
    auto add = [&](const std::vector<graph::Node*>& block, const std::string& suffix) {
      for (graph::Node* outer : block) {
        graph::Node* ph = s->graph->placeholder(outer->name + suffix);
        ph->example_value = outer->example_value;
        for (const auto& [from, old] : s->lifted)
          if (from == outer) {
            s->graph->replace_all_uses(old, ph);
            s->graph->erase(old);
          }
      }
    };
    add(shared, "");
    for (size_t i = 0; i < graphs.size(); ++i)
      add(unique[i], "_" + names[i]);
  }
  std::vector<graph::Node*> operands = shared;
  for (const auto& block : unique)
    operands.insert(operands.end(), block.begin(), block.end());
  return operands;
}

// ---- torch.cond ----------------------------------------------------------------------------

const Value& cond_module() {
  static const Value m = Value(lang::import_module("torch._higher_order_ops.cond"));
  return m;
}

// A fake tensor with t's geometry and storage of its own: the op's result is a new tensor.
tensor::Tensor fresh_fake(const tensor::Tensor& t) {
  return tensor::Tensor::alias(tensor::tensor_type(),
                               tensor::new_storage(t->storage->nbytes, t.device(), false),
                               tensor::SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end()),
                               tensor::SymIntVector(t.sym_strides().begin(), t.sym_strides().end()),
                               t->sym_storage_offset(), t.dtype());
}

// What the fake cond computes (cond_fake_tensor_mode's _merge_output): the
// branches' outputs must agree in their metadata; their common geometry.
tensor::Tensor merge_output(const tensor::Tensor& a, const tensor::Tensor& b,
                            const std::string& call) {
  auto check = [&](const char* attr, const std::string& l, const std::string& r) {
    if (l == r) return;
    Unsupported u =
        make_graph_break(GraphBreak::FakeTensorError,
                         {call, "When merging two branches' output in torch.cond,  expected same " +
                                    std::string(attr) + " but got " + l + " and " + r + "."});
    u.error_type = "TorchRuntimeError";
    throw u;
  };
  check("dtype", "torch." + std::string(tensor::dtype_name(a.dtype())),
        "torch." + std::string(tensor::dtype_name(b.dtype())));
  check("device", a.device().str(), b.device().str());
  check("dim", std::to_string(a.dim()), std::to_string(b.dim()));
  check("storage_offset", a->sym_storage_offset().str(), b->sym_storage_offset().str());
  // 2.14 merges sizes that differ into unbacked symbols; refc does not model that yet.
  check("size", tensor::sym_list_str(a.sym_sizes()), tensor::sym_list_str(b.sym_sizes()));
  return fresh_fake(a);
}

// How PyTorch's fake-tensor error names the node: call_function cond(*(...), **{}).
std::string describe_cond_call(const VarPtr& pred, const std::vector<graph::Node*>& operands) {
  std::string ops;
  for (size_t i = 0; i < operands.size(); ++i)
    ops += (i ? ", " : "") + fake_value_repr(operands[i]->example_value);
  if (operands.size() == 1) ops += ",";
  return "call_function cond(*(" + fake_value_repr(pred->node->example_value) +
         ", GraphModule(), GraphModule(), (" + ops + ")), **{})";
}

VarPtr cond_body(InstructionTranslator& tx, std::vector<VarPtr> args, Kwargs kwargs) {
  OutputGraph& out = tx.output();
  static const char* const kParams[] = {"pred", "true_fn", "false_fn", "operands"};
  for (size_t i = 0; i < 4; ++i)
    for (auto it = kwargs.begin(); it != kwargs.end(); ++it)
      if (it->first == kParams[i]) {
        if (i != args.size()) unsupported("torch.cond: improper args/kwargs");
        args.push_back(it->second);
        kwargs.erase(it);
        break;
      }
  if (args.size() == 3) args.push_back(Variable::tuple({})); // operands=()
  if (args.size() != 4 || !kwargs.empty())
    unsupported(
        "torch.cond: improper args/kwargs: torch.cond expects 4 positional arguments (got " +
        std::to_string(args.size()) + ") and no keyword arguments (got " +
        std::to_string(kwargs.size()) + ")");
  const VarPtr& pred = args[0];
  const VarPtr& operands = args[3];
  if (!operands->is(Kind::List) && !operands->is(Kind::Tuple))
    unsupported("torch.cond: improper operands: expected `operands` to be a list/tuple but got " +
                operands->python_type_name());
  std::vector<VarPtr> operand_items;
  for (const VarPtr& item : operands->items)
    operand_items.push_back(tx.realize(item));

  // A Python constant predicate picks its branch now (and is guarded).
  if (pred->is_constant()) {
    lang::call(lang::getattr(cond_module(), lang::intern("_warn_constant_pred")), {});
    return tx.call(lang::truthy(pred->value) ? args[1] : args[2], operand_items, {});
  }
  if (!pred->is(Kind::Tensor) && !pred->is(Kind::SymNode))
    unsupported("torch.cond: improper predicate: expected `pred` to be a bool or a boolean tensor "
                "with a single item "
                "but got " +
                pred->python_type_name());
  std::function<bool(const VarPtr&)> leaves_ok = [&](const VarPtr& v) {
    if (v->is(Kind::List) || v->is(Kind::Tuple))
      return std::all_of(v->items.begin(), v->items.end(), leaves_ok);
    return v->is(Kind::Tensor) || v->is(Kind::Constant) || v->is(Kind::SymNode);
  };
  if (!std::all_of(operand_items.begin(), operand_items.end(), leaves_ok))
    unsupported("torch.cond: improper operands contents: expected `operands` to be a list/tuple of "
                "pytrees that only "
                "consists of tensor leaves");

  Speculated true_branch = speculate_subgraph(tx, args[1], operand_items, "torch.cond");
  Speculated false_branch = speculate_subgraph(tx, args[2], operand_items, "torch.cond");
  if (true_branch.spec != false_branch.spec)
    unsupported("torch.cond: differing branch outputs: expected branches to return the same pytree "
                "structure "
                "(true_spec: " +
                true_branch.spec + ", false_spec: " + false_branch.spec + ")");
  const std::vector<graph::Node*> operand_nodes =
      merge_graph_inputs({&true_branch, &false_branch}, {"true_branch", "false_branch"});

  std::vector<Value> merged;
  const std::string call = describe_cond_call(pred, operand_nodes);
  for (size_t i = 0; i < true_branch.leaves.size(); ++i)
    merged.push_back(
        merge_output(true_branch.leaves[i]->example(), false_branch.leaves[i]->example(), call)
            .to_value());

  graph::Graph& g = out.current_graph();
  const std::string true_name = out.subgraph_name("cond_true"),
                    false_name = out.subgraph_name("cond_false");
  g.add_subgraph(true_name, true_branch.graph);
  g.add_subgraph(false_name, false_branch.graph);
  graph::Node* true_attr = g.get_attr(true_name);
  graph::Node* false_attr = g.get_attr(false_name);
  std::vector<Value> operand_args;
  for (graph::Node* n : operand_nodes)
    operand_args.push_back(Value::borrow(n));
  graph::Node* node = g.call_function(
      "torch.ops.higher_order.cond", lang::getattr(cond_module(), lang::intern("cond_op")),
      Value(lang::make_tuple({Value::borrow(out.lift(pred->node)), Value::borrow(true_attr),
                              Value::borrow(false_attr),
                              Value(lang::make_tuple(std::move(operand_args)))})));
  node->example_value = Value(lang::make_tuple(merged));
  static const Value getitem =
      lang::getattr(Value(lang::import_module("operator")), lang::intern("getitem"));
  std::vector<VarPtr> results;
  for (size_t i = 0; i < merged.size(); ++i) {
    graph::Node* item = g.call_function(
        "operator.getitem", getitem,
        Value(lang::make_tuple({Value::borrow(node), Value::integer(static_cast<int64_t>(i))})),
        Value(), "getitem");
    item->example_value = merged[i];
    results.push_back(Variable::tensor(item));
  }
  for (graph::Node* n : {true_attr, false_attr, node})
    n->user_frame = out.node_frame;
  for (VarPtr& r : results)
    r->node->user_frame = out.node_frame;
  size_t next = 0;
  return unflatten(true_branch.result, results, next);
}

// CondHigherOrderVariable: what cannot be traced fails the compile.
VarPtr trace_cond(InstructionTranslator& tx, std::vector<VarPtr> args, Kwargs kwargs) {
  try {
    return cond_body(tx, std::move(args), std::move(kwargs));
  } catch (Unsupported& u) {
    if (!u.error_type.empty()) throw;
    u.gb_type = "This higher order operator doesn't work unless it is captured completely with "
                "torch.compile. Got "
                "graph break/error:\n\n" +
                u.gb_type;
    u.error_type = "UncapturedHigherOrderOpError";
    throw;
  }
}

// ---- the registry -----------------------------------------------------------------------------

struct HigherOrderOp {
  const char* module;   // the Python module defining both callables
  const char* function; // the user-facing function (torch.cond)
  const char* op;       // the operator graphs call (torch.ops.higher_order.cond)
  HigherOrderRule rule;
};

constexpr HigherOrderOp kHigherOrderOps[] = {
    {"torch._higher_order_ops.cond", "cond", "cond_op", trace_cond},
};

} // namespace

HigherOrderRule higher_order_rule(const Value& f) {
  if (!f.is_obj()) return nullptr;
  for (const HigherOrderOp& hop : kHigherOrderOps) {
    // Not imported yet: f cannot be one of its callables.
    const Value module = lang::interp().modules->get(lang::intern(hop.module));
    if (module.is_null()) continue;
    if (f.is(lang::getattr(module, lang::intern(hop.function))) ||
        f.is(lang::getattr(module, lang::intern(hop.op))))
      return hop.rule;
  }
  return nullptr;
}

} // namespace refc::dynamo
