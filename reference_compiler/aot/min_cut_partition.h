// The min-cut rematerialization partitioner (2.14's
// min_cut_rematerialization_partition, torch/_functorch/partitioners.py):
// the backward recomputes cheap forward values instead of saving them, which
// under a fusing compiler saves both memory and bandwidth. The joint graph
// becomes a flow network (each node split into in -> out with its byte
// weight, infinite edges along uses, the backward's nodes tied to the sink,
// primals and nodes that must not be recomputed tied to the source); its
// minimum cut (Boost.Graph's Boykov-Kolmogorov max-flow) is the set of saved
// values. Every decision is logged with its reason
// (TORCH_LOGS=+torch._functorch.partitioners).
#pragma once
#include "reference_compiler/aot/partition_graphs.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refc::aot {

// torch._functorch.config's ban_recompute_* switches (2.14's defaults: all on).
struct MinCutOptions {
  bool ban_if_used_far_apart = true;
  bool ban_if_long_fusible_chains = true;
  bool ban_if_materialized_backward = true;
  bool ban_if_not_in_allowlist = true;
  bool ban_if_reduction = true;
  int64_t max_dist_from_bw = 1000;
  bool drop_first_saved_TESTING_ONLY = false; // a planted fault: the first saved tensor is forgotten
};

// Why a value is saved rather than recomputed.
struct SavedValue {
  std::string name;
  int64_t bytes = 0;
  std::string reason;
};

struct MinCutResult {
  PartitionedGraphs graphs;
  std::vector<SavedValue> saved;       // in graph order
  std::vector<std::string> recomputed; // forward nodes the backward recomputes
};

// Partitions a functional joint graph without dead code. Falls back to
// default_partition when no backward node exists (2.14 does the same).
// RuntimeError when no finite cut exists (a value the backward needs can be
// neither saved nor recomputed).
MinCutResult min_cut_partition(const TracedGraph& joint, const MinCutOptions& options = {});

// The bytes a node's value occupies (a tuple: its tensors'; a symbolic int:
// 1, as 2.14's _size_of; symbolic sizes at their hints).
int64_t value_bytes(const graph::Node& n);

} // namespace refc::aot
