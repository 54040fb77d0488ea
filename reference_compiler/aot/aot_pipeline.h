// The AOT Autograd pipeline: a Dynamo graph in, the forward (and backward)
// functional ATen graphs out, each pass one step of one straight-line
// function (Halide's Lower.cpp). `TORCH_LOGS=+aot` prints the graph after
// every step; `aot_joint_graph` and `aot_graphs` print 2.14's artifacts.
#pragma once
#include "reference_compiler/aot/decompositions.h"
#include "reference_compiler/aot/min_cut_partition.h"
#include "reference_compiler/graph/graph.h"
#include <memory>
#include <span>
#include <vector>

namespace refc::aot {

enum class Partitioner { Default, MinCut };

// How one compilation runs (aot_autograd's decompositions= and partition_fn=).
struct AotConfig {
  const DecompositionTable* decompositions = nullptr; // null: none
  Partitioner partitioner = Partitioner::Default;
  bool cse = true; // torch._functorch.config.cse: the min-cut partitioner CSEs the joint graph first
  MinCutOptions min_cut;
};

// What the runtime runs. Training (backward set): the two graphs of the
// partitioner (PartitionedGraphs says how their values are ordered).
// Inference: forward only, inputs arg0_1..., outputs as the Dynamo graph's.
struct AotGraphs {
  int id = 0; // the aot_config id of the logs
  std::shared_ptr<graph::Graph> forward, backward;
  size_t num_primals = 0;
  size_t num_fw_outputs = 0;
  size_t num_saved_tensors = 0;
  size_t num_saved_syms = 0;
  std::vector<bool> output_needs_grad; // per forward output: whether the backward takes a tangent for it
};

// Traces `dynamo_graph` (get_attr paths read from `root`) for inputs like
// `example_inputs`: a joint graph, functionalized and partitioned, when grad
// mode is on and an input requires grad; a forward-only graph otherwise.
AotGraphs aot_compile_graphs(const graph::Graph& dynamo_graph, const lang::Value& root,
                             std::span<const lang::Value> example_inputs, const AotConfig& config = {});

} // namespace refc::aot
