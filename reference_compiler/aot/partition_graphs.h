// What the partitioners share: the parts of a joint graph (primals,
// tangents, forward outputs, gradients, the input-mutation epilogue),
// extracting a subgraph between given inputs and outputs, and building the
// forward and backward graphs once a partitioner has chosen what to save.
#pragma once
#include "reference_compiler/aot/trace_joint.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

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

// A joint graph's inputs and outputs, sorted by role.
struct JointParts {
  std::vector<graph::Node*> primals, tangents;
  std::vector<lang::Value> fw_outputs, gradients;
  std::vector<graph::Node*> epilogue; // the input mutations the forward performs
};
JointParts joint_parts(const TracedGraph& joint);

// The nodes the gradients are computed from (their ancestors, themselves
// included): the values the backward needs.
std::unordered_set<const graph::Node*> backward_dependencies(const TracedGraph& joint);

// A graph holding the nodes of `g` that `outputs` need, computed from
// `inputs` (which become its placeholders, named as in `g`), with the nodes
// kept for their `effects` (the input-mutation epilogue): FX's
// _extract_graph_with_inputs_outputs. Nodes keep their names, example values
// and user frames. RuntimeError when an output needs a placeholder of `g`
// not among `inputs`.
std::shared_ptr<graph::Graph> extract_graph(const graph::Graph& g, const std::vector<graph::Node*>& inputs,
                                            const std::vector<lang::Value>& outputs,
                                            const std::vector<graph::Node*>& effects = {});

// The forward and backward when the forward saves `saved` (nodes of the
// joint graph, tensors and symbolic ints, in graph order): the backward
// recomputes whatever else it needs from them, and saved values it turns
// out not to read are dropped (2.14's _extract_fwd_bwd_modules). The
// backward's nodes carry backward frames, recomputed ones included.
PartitionedGraphs partition_saving(const TracedGraph& joint, const std::vector<graph::Node*>& saved);

// Every node's users, in graph order, each once (Graph::users for all
// nodes in one pass).
using UsersMap = std::unordered_map<const graph::Node*, std::vector<graph::Node*>>;
UsersMap users_of(const graph::Graph& g);

// Whether `n`'s value is a number (a symbolic int, mostly) rather than a
// tensor or a tuple of them.
bool is_sym_node(const graph::Node& n);

} // namespace refc::aot
