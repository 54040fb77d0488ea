// The default partitioner: split a joint graph into forward and backward.
#pragma once
#include "reference_compiler/aot/trace_joint.h"

namespace refc::aot {

// The two graphs of a partitioned joint graph, as 2.14 orders their values.
// forward: primals -> (outputs..., saved tensors..., saved symbolic ints...);
// backward: (saved symbolic ints..., saved tensors..., tangents...) -> one
// gradient per primal (None where none flows).
struct PartitionedGraphs {
  std::shared_ptr<graph::Graph> forward, backward;
  size_t num_fw_outputs = 0;
  size_t num_saved_tensors = 0;
  size_t num_saved_syms = 0;
};

// A graph holding the nodes of `g` that `outputs` need, computed from
// `inputs` (which become its placeholders, named as in `g`), with the nodes
// kept for their `effects` (the input-mutation epilogue): FX's
// _extract_graph_with_inputs_outputs. Nodes keep their names, example values
// and user frames. RuntimeError when an output needs a placeholder of `g`
// not among `inputs`.
std::shared_ptr<graph::Graph> extract_graph(const graph::Graph& g, const std::vector<graph::Node*>& inputs,
                                            const std::vector<lang::Value>& outputs,
                                            const std::vector<graph::Node*>& effects = {});

// 2.14's default_partition: the forward holds what the forward outputs (and
// the input-mutation epilogue) need; every forward value a backward node
// reads is saved, in graph order; the backward recomputes nothing of the
// forward. Takes a functional joint graph without dead code.
PartitionedGraphs default_partition(const TracedGraph& joint);

} // namespace refc::aot
