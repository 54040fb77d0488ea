// The AOT Autograd pipeline (see aot_pipeline.h).
#include "reference_compiler/aot/aot_pipeline.h"

#include "reference_compiler/aot/default_partition.h"
#include "reference_compiler/aot/eliminate_common_subexpressions.h"
#include "reference_compiler/aot/eliminate_dead_code.h"
#include "reference_compiler/aot/functionalize.h"
#include "reference_compiler/aot/trace_joint.h"
#include "reference_compiler/backends/counted_applications.h"
#include "reference_compiler/graph/graph_printer.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/tensor_types.h"

namespace refc::aot {

using lang::Value;

namespace {

constexpr std::string_view kLogger = "torch._functorch._aot_autograd";
int g_next_id = 0;

// TORCH_LOGS=+aot: the graph after a step.
void dump(std::string_view step, const graph::Graph& g) {
  if (logging::enabled(kLogger, logging::kDebug))
    logging::log(kLogger, logging::kDebug, "after " + std::string(step) + ":\n" + graph::print_readable(g));
}

void log_graph(logging::Artifact artifact, const std::string& title, std::string_view header,
               const graph::Graph& g, std::string_view class_name) {
  if (logging::enabled(artifact))
    logging::log(artifact, "TRACED GRAPH\n ===== " + title + " =====\n " + std::string(header) + " " +
                               graph::print_readable(g, class_name));
}

bool needs_backward(std::span<const Value> inputs) {
  if (!ops::grad_enabled()) return false;
  for (const Value& v : inputs)
    if (tensor::is_tensor(v) && tensor::Tensor::from_value(v).requires_grad()) return true;
  return false;
}

} // namespace

AotGraphs aot_compile_graphs(const graph::Graph& dynamo_graph, const Value& root, std::span<const Value> example_inputs,
                             const AotConfig& config) {
  AotGraphs out;
  out.id = g_next_id++;
  const std::string id = std::to_string(out.id);
  backends::GraphScope scope(out.id);
  TracedGraph traced =
      trace_joint(dynamo_graph, root, example_inputs, needs_backward(example_inputs), config.decompositions);
  dump("trace_joint", *traced.graph);
  functionalize(*traced.graph, !traced.joint);
  dump("functionalize", *traced.graph);
  eliminate_dead_code(*traced.graph);
  dump("eliminate_dead_code", *traced.graph);
  out.num_primals = traced.num_primals;
  out.num_fw_outputs = traced.num_fw_outputs;
  out.output_needs_grad = traced.output_needs_grad;
  if (!traced.joint) {
    std::vector<graph::Node*> inputs = traced.graph->placeholders();
    for (size_t i = 0; i < inputs.size(); ++i) {
      inputs[i]->target = "arg" + std::to_string(i) + "_1";
      traced.graph->rename(inputs[i], inputs[i]->target);
    }
    out.forward = traced.graph;
    log_graph(logging::Artifact::aot_graphs, "Forward graph " + id, "torch/fx/_lazy_graph_module.py", *out.forward,
              "<lambda>");
    return out;
  }
  log_graph(logging::Artifact::aot_joint_graph, "Joint graph " + id, "torch/fx/_lazy_graph_module.py", *traced.graph,
            "inner_f");
  PartitionedGraphs parts;
  if (config.partitioner == Partitioner::MinCut) {
    if (config.cse) {
      // A forward-only value merged with one the backward needs would be saved (2.14 keeps them apart).
      const std::unordered_set<const graph::Node*> backward = backward_dependencies(traced);
      eliminate_common_subexpressions(*traced.graph, [&](const graph::Node& n) { return backward.count(&n) > 0; });
      dump("eliminate_common_subexpressions", *traced.graph);
    }
    parts = min_cut_partition(traced, config.min_cut).graphs;
    dump("min_cut_partition (forward)", *parts.forward);
    dump("min_cut_partition (backward)", *parts.backward);
  } else {
    parts = default_partition(traced);
    dump("default_partition (forward)", *parts.forward);
    dump("default_partition (backward)", *parts.backward);
  }
  out.forward = parts.forward;
  out.backward = parts.backward;
  out.num_saved_tensors = parts.num_saved_tensors;
  out.num_saved_syms = parts.num_saved_syms;
  log_graph(logging::Artifact::aot_graphs, "Forward graph " + id, "torch/fx/_lazy_graph_module.py", *out.forward,
            "GraphModule");
  log_graph(logging::Artifact::aot_graphs, "Backward graph " + id, "<eval_with_key>", *out.backward, "GraphModule");
  return out;
}

} // namespace refc::aot
