// Functionalization: an ATen graph without in-place ops.
#pragma once
#include "reference_compiler/graph/graph.h"

namespace refc::aot {

// Takes a traced ATen graph (trace_joint), whose later uses of a mutated
// tensor already read the in-place node. Replaces every in-place op with its
// functional op, and for each mutated graph input appends
// `torch.ops.aten.copy_.default(input, new_value)` before the output (2.14's
// epilogue with keep_input_mutations; as in 2.14, an epilogue node carries
// the user line of the last mutation when `epilogue_frames`, the inference
// case, and no line in a joint graph). Returns whether anything changed.
// Raises NotImplementedError naming the op when a mutated tensor shares its
// storage with another value used after the mutation (a write through a view
// or to a view's base), and for an in-place op without a functional variant.
bool functionalize(graph::Graph& g, bool epilogue_frames);

// Whether `n` calls an op that writes one of its arguments (copy_ of the
// epilogue): such nodes are kept with no users.
bool is_mutation(const graph::Node& n);

} // namespace refc::aot
