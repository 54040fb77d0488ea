// The default partitioner: split a joint graph into forward and backward,
// saving what the backward reads.
#pragma once
#include "reference_compiler/aot/partition_graphs.h"

namespace refc::aot {

// 2.14's default_partition: the forward holds what the forward outputs (and
// the input-mutation epilogue) need; every forward value a backward node
// reads is saved, in graph order; the backward recomputes nothing of the
// forward. Takes a functional joint graph without dead code.
PartitionedGraphs default_partition(const TracedGraph& joint);

} // namespace refc::aot
