// The default partitioner (see default_partition.h).
#include "reference_compiler/aot/default_partition.h"

#include <unordered_set>

namespace refc::aot {

PartitionedGraphs default_partition(const TracedGraph& joint) {
  const graph::Graph& g = *joint.graph;
  const JointParts p = joint_parts(joint);
  std::shared_ptr<graph::Graph> forward_only = extract_graph(g, p.primals, p.fw_outputs, p.epilogue);
  std::unordered_set<std::string> forward_names;
  for (const auto& n : forward_only->nodes()) forward_names.insert(n->name);
  // Saved: the forward values a node outside the forward reads.
  std::vector<graph::Node*> saved;
  const UsersMap users = users_of(g);
  for (const auto& n : g.nodes()) {
    if (n->op == graph::NodeOp::Output || !forward_names.count(n->name) || !users.count(n.get())) continue;
    for (graph::Node* user : users.at(n.get()))
      if (user->op != graph::NodeOp::Output && !forward_names.count(user->name)) {
        saved.push_back(n.get());
        break;
      }
  }
  return partition_saving(joint, saved);
}

} // namespace refc::aot
