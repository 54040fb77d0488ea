// The first pass of AOT Autograd: trace a Dynamo graph to ATen.
#pragma once
#include "reference_compiler/aot/decompositions.h"
#include "reference_compiler/graph/graph.h"
#include <memory>
#include <span>

namespace refc::aot {

// An ATen graph and how its inputs and outputs divide. Inputs: primals_1..N
// (the Dynamo graph's inputs, in order), then, for a joint graph,
// tangents_1..M (one per forward output that needs a gradient). Outputs: the
// forward's outputs, then, for a joint graph, one gradient per primal (None
// where none flows).
struct TracedGraph {
  std::shared_ptr<graph::Graph> graph;
  size_t num_primals = 0;
  size_t num_fw_outputs = 0;
  size_t num_tangents = 0;
  bool joint = false;
  std::vector<bool> output_needs_grad; // per forward output: whether a tangent flows into it
};

// Runs `dynamo_graph` (its get_attr and call_module paths read from `root`)
// on fresh fake tensors shaped as its placeholders were traced (symbolic
// sizes included; `example_inputs` say which require grad), recording every op call
// (AtenGraphRecorder). With `joint`, inputs that require grad are primals of
// a joint graph: the backward runs through refc's autograd engine on fake
// tangents and its ops are recorded too (PyTorch's joint graph). The result
// holds in-place ops as they were called (functionalize removes them) and
// nodes nothing uses (eliminate_dead_code removes them). Ops of
// `decompositions` are traced as their decompositions, forward and backward. A missing derivative
// raises autograd's error naming the op; a value the trace never saw (a
// tensor built from data) raises RuntimeError.
TracedGraph trace_joint(const graph::Graph& dynamo_graph, const lang::Value& root,
                        std::span<const lang::Value> example_inputs, bool joint,
                        const DecompositionTable* decompositions = nullptr);

} // namespace refc::aot
